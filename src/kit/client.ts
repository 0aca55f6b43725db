/**
 * The kit's XS2A client: mutual TLS with the target's certificates, a fresh X-Request-ID (UUID v4)
 * per call unless a step sets one (spec "Request headers"), every exchange recorded and masked.
 * Connections are kept alive per certificate (a pool of the run), so each call still travels on a
 * connection that presented its own certificate, and the run pays one handshake per connection
 * instead of one per call.
 */
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:https';
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
  /** Keep-alive connections shared by the run's clients; without one every call opens its own. */
  pool?: ConnectionPool;
}

/** Keep-alive connections, one agent per certificate (and one without), each carrying only that certificate. */
export interface ConnectionPool {
  agentFor(certificate: ClientCertificate | null): Agent;
  /** Closes every connection; the pool makes new ones if used again. */
  close(): void;
}

export function connectionPool(ca: string): ConnectionPool {
  const agents = new Map<string, Agent>();
  return {
    agentFor(certificate) {
      const key = certificate ? certificate.cert : '';
      let agent = agents.get(key);
      if (!agent) {
        agent = new Agent({ keepAlive: true, ca, ...(certificate ?? {}) });
        agents.set(key, agent);
      }
      return agent;
    },
    close() {
      for (const agent of agents.values()) agent.destroy();
      agents.clear();
    },
  };
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
      const answer = await sendHttps(url, {
        method,
        headers,
        payload,
        ca: options.ca,
        certificate: options.certificate,
        ...(options.pool ? { agent: options.pool.agentFor(options.certificate) } : {}),
        ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      });
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

export interface SendInit {
  method: string;
  headers: Record<string, string | string[]>;
  payload?: string | Buffer | undefined;
  ca: string;
  certificate?: ClientCertificate | null;
  /** A keep-alive agent holding this certificate; a fresh connection without one. */
  agent?: Agent;
  timeoutMs?: number;
}

/**
 * One HTTPS exchange: the answer's text, and its JSON when it parses. Connection failures become
 * TargetUnreachable. A kept-alive connection the server closed just as the request went out is
 * tried once more on a new one (the race every keep-alive client has; node documents this remedy).
 */
export async function sendHttps(url: URL, init: SendInit): Promise<RawAnswer> {
  try {
    return await exchange(url, init);
  } catch (error) {
    if (!(error instanceof StaleConnection)) throw error;
    return exchange(url, init);
  }
}

/** A reused keep-alive connection found closed before any answer. */
class StaleConnection extends Error {}

function exchange(url: URL, init: SendInit): Promise<RawAnswer> {
  const { method, headers, payload } = init;
  return new Promise<RawAnswer>((resolve, reject) => {
    const connection = init.agent
      ? { agent: init.agent }
      : { agent: false as const, ca: init.ca, ...(init.certificate ?? {}) };
    const req = request(url, { method, headers, timeout: init.timeoutMs ?? 15_000, ...connection }, (res) => {
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
    });
    req.on('timeout', () => req.destroy(new TargetUnreachable(`${method} ${url.href}: no answer in time`)));
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (req.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE'))
        reject(new StaleConnection(error.message));
      else
        reject(
          error instanceof TargetUnreachable ? error : new TargetUnreachable(`${method} ${url.href}: ${error.message}`),
        );
    });
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}
