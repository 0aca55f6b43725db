/**
 * The kit's XS2A client: mutual TLS with the target's certificates, a fresh X-Request-ID (UUID v4)
 * per call unless a step sets one (spec "Request headers"), every exchange recorded and masked.
 * A fresh connection per call so each call is judged on its own certificate (spec Authentication 2).
 */
import { randomUUID } from 'node:crypto';
import { request } from 'node:https';
import type { z } from 'zod';
import { answerShape, matchEndpoint } from '../contract/endpoint-match.js';
import type { Recorder } from './exchange.js';
import { ensure, ensureSchema } from './failure.js';
import { maskBody, maskHeaders, maskValue } from './mask.js';

export interface ClientCertificate {
  cert: string;
  key: string;
}

export interface CallOptions {
  method?: string;
  /** Path with query, relative to the base URL (`/v1/...`), or an absolute href from `_links`. */
  path: string;
  headers?: Record<string, string | undefined>;
  /** JSON-serialised unless `rawBody` is given. */
  body?: unknown;
  rawBody?: string;
  /** A chosen X-Request-ID (idempotency scenarios), or false to send none. */
  requestId?: string | false;
  /**
   * Validate a 2xx JSON body against this schema instead of the endpoint row's (for a path outside
   * the endpoint table); a mismatch fails the scenario.
   */
  schema?: z.ZodType;
}

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: unknown;
  /** The X-Request-ID sent, if any. */
  requestId: string | undefined;
  header(name: string): string | undefined;
}

export interface XsClient {
  readonly label: string;
  call(options: CallOptions): Promise<Reply>;
}

export interface ClientOptions {
  baseUrl: string;
  ca: string;
  /** null: present no client certificate at all. */
  certificate: ClientCertificate | null;
  label: string;
  record: Recorder;
  timeoutMs?: number;
}

export class TargetUnreachable extends Error {}

export function createClient(options: ClientOptions): XsClient {
  return {
    label: options.label,
    async call(call) {
      const url = new URL(call.path, options.baseUrl);
      const headers: Record<string, string> = {};
      const requestId = call.requestId === false ? undefined : (call.requestId ?? randomUUID());
      if (requestId) headers['X-Request-ID'] = requestId;
      let payload = call.rawBody;
      if (payload === undefined && call.body !== undefined) payload = JSON.stringify(call.body);
      if (payload !== undefined) headers['Content-Type'] = 'application/json';
      for (const [name, value] of Object.entries(call.headers ?? {})) if (value !== undefined) headers[name] = value;
      const method = call.method ?? 'GET';
      const started = performance.now();
      const answer = await sendHttps(url, { method, headers, payload, ca: options.ca, certificate: options.certificate, ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }) });
      const reply: Reply = {
        ...answer,
        requestId,
        header: (name) => {
          const value = answer.headers[name.toLowerCase()];
          return Array.isArray(value) ? value.join(', ') : value;
        },
      };
      options.record({
        actor: options.label,
        method,
        url: url.pathname + url.search,
        requestHeaders: maskHeaders(headers),
        requestBody: payload === undefined ? undefined : maskBody(payload),
        status: reply.status,
        headers: maskHeaders(reply.headers),
        body: maskValue(reply.json ?? (reply.text === '' ? undefined : reply.text)),
        durationMs: Math.round(performance.now() - started),
      });
      holdToContract(method, url.pathname, reply, call.schema);
      return reply;
    },
  };
}

/**
 * Every answer is held against the contract: the row's success body, no body on a 204, the
 * tppMessages envelope on a 4xx. A 5xx body is best effort (spec "Errors" rule 3), so left open.
 */
function holdToContract(method: string, pathname: string, reply: Reply, schema: z.ZodType | undefined): void {
  const what = `${method} ${pathname} answer ${reply.status}`;
  if (schema && reply.status >= 200 && reply.status < 300) {
    ensureSchema(schema, reply.json, what);
    return;
  }
  const entry = matchEndpoint(method, pathname);
  if (!entry) return;
  const shape = answerShape(entry, reply.status);
  if (shape.kind === 'empty') ensure(reply.text === '', `${what} must have no body`, { actual: reply.text });
  else if (shape.kind === 'body') ensureSchema(shape.schema, reply.json, `${what} (${shape.name})`);
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: unknown;
}

/**
 * One HTTPS exchange, as a fresh connection (so each call is judged on its own certificate):
 * the answer's text, and its JSON when it parses. Connection failures become TargetUnreachable.
 */
export function sendHttps(
  url: URL,
  init: { method: string; headers: Record<string, string | string[]>; payload?: string | Buffer | undefined; ca: string; certificate?: ClientCertificate | null; timeoutMs?: number },
): Promise<RawAnswer> {
  const { method, headers, payload } = init;
  return new Promise<RawAnswer>((resolve, reject) => {
    const req = request(
      url,
      { method, headers, ca: init.ca, agent: false, timeout: init.timeoutMs ?? 15_000, ...(init.certificate ?? {}) },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
      },
    );
    req.on('timeout', () => req.destroy(new TargetUnreachable(`${method} ${url.href}: no answer in time`)));
    req.on('error', (error) => reject(error instanceof TargetUnreachable ? error : new TargetUnreachable(`${method} ${url.href}: ${error.message}`)));
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}
