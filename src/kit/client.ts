/**
 * The kit's XS2A client: mutual TLS with the target's certificates, a fresh X-Request-ID (UUID v4)
 * per call unless a step sets one (spec "Request headers"), every exchange recorded and masked, every
 * answer held against the contract's endpoint row. Connections are kept alive per certificate (a pool
 * of the run), so each call still travels on a connection that presented its own certificate, and the
 * run pays one handshake per connection instead of one per call. With a retry policy (the runner's),
 * 5xx answers and connection failures are tried again as the interface's retry rule says (retry.ts).
 */
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:https';
import type { z } from 'zod';
import { answerShape, matchEndpoint } from '../contract/endpoint-match.js';
import type { Exchange, FailureExchange, Recorder, TransportSummary } from './exchange.js';
import { ensure, ensureSchema, ExpectationFailed, Inconclusive } from './failure.js';
import { givenFailed } from './given.js';
import { maskBody, maskHeaders, maskValue } from './mask.js';
import { isServerError, retryDelayMs, type RetryPolicy } from './retry.js';

export interface ClientCertificate {
  cert: string;
  key: string;
}

export interface CallOptions {
  method?: string;
  /** Path with query, relative to the base URL (`/v1/...`), or an href from `_links` (absolute, or a path under the base URL's). */
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
  /** The exchange as reports cite it: the evidence for any check about this answer. */
  evidence: FailureExchange;
  /** The body as the contract reads it (the row's success body or the error envelope), parsed; undefined where the contract leaves it open. */
  parsed: unknown;
  /** Attempts before this answer that met a 5xx or a broken connection: real time went by meanwhile. */
  retries: number;
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
  /**
   * Retry 5xx answers and connection failures by this policy; what still fails after it is
   * `TargetUnstable`. Without one, every answer is returned as it came and a connection failure is
   * `TargetUnreachable` (a probe that wants the first answer).
   */
  retry?: RetryPolicy;
  /** Counters of the run's transport (answers, 5xx, connection failures, retries). */
  transport?: TransportSummary;
  /** The catalogue rule each answer shape belongs to: a contract check of that shape is a step of that rule (given.ts). */
  contractRules?: ContractRules;
}

/**
 * The rule of each answer shape, by the name the endpoint table gives it (`ConsentCreationResponse`),
 * `TppMessages` for the 4xx envelope and `NoBody` for a 204.
 */
export type ContractRules = Readonly<Record<string, string>>;

/** Keep-alive connections, one agent per certificate (and one without), each carrying only that certificate. */
export interface ConnectionPool {
  agentFor(certificate: ClientCertificate | null): Agent;
  /** Closes every connection; the pool makes new ones if used again. */
  close(): void;
}

/**
 * Idle connections are closed after 4 s, before the target closes them (the sandbox announces
 * `Keep-Alive: timeout=5`, which Node's agent ignores without a timeout of its own): a request sent on a
 * connection the server is closing is reset before any answer, and whether it was handled is unknowable.
 */
const IDLE_MS = 4_000;

export function connectionPool(ca: string): ConnectionPool {
  const agents = new Map<string, Agent>();
  return {
    agentFor(certificate) {
      const key = certificate ? certificate.cert : '';
      let agent = agents.get(key);
      if (!agent) {
        agent = new Agent({ keepAlive: true, timeout: IDLE_MS, ca, ...(certificate ?? {}) });
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

/** The target refused the TLS handshake (an alert, such as a certificate it will not take): an answer, never retried. */
export class HandshakeRefused extends TargetUnreachable {}

/** The target still answered 5xx, or broke the connection, after every retry: the check could not run. */
export class TargetUnstable extends Inconclusive {
  constructor(
    message: string,
    exchange: FailureExchange,
    /** The last attempt got no answer at all (the target may be gone: the runner asks before going on). */
    readonly unreachable: boolean,
  ) {
    super(`target unstable: ${message}`, exchange);
    this.name = 'TargetUnstable';
  }
}

/**
 * The URL of a path at the target. The base URL's own path (`https://bank.example/psd2`) is kept:
 * `/v1/accounts` goes to `/psd2/v1/accounts`. An href the target gave that already starts with the
 * base path, or is absolute, is taken as it is.
 */
export function targetUrl(baseUrl: string, path: string): URL {
  if (/^https?:\/\//i.test(path)) return new URL(path);
  const base = new URL(baseUrl);
  const prefix = base.pathname.replace(/\/+$/, '');
  const full = prefix !== '' && !path.startsWith(`${prefix}/`) ? `${prefix}${path}` : path;
  return new URL(full, base.origin);
}

/** The path as the endpoint table writes it (`/v1/...`): the base URL's own path taken off. */
export function contractPath(baseUrl: string, url: URL): string {
  const prefix = new URL(baseUrl).pathname.replace(/\/+$/, '');
  return prefix !== '' && url.pathname.startsWith(`${prefix}/`) ? url.pathname.slice(prefix.length) : url.pathname;
}

export function evidenceOf(exchange: Pick<Exchange, 'method' | 'url' | 'status' | 'body'>): FailureExchange {
  return { request: `${exchange.method} ${exchange.url}`, status: exchange.status, body: exchange.body };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createClient(options: ClientOptions): XsClient {
  return {
    label: options.label,
    async call(call) {
      const url = targetUrl(options.baseUrl, call.path);
      const headers: Record<string, string> = {};
      const requestId = call.requestId === false ? undefined : (call.requestId ?? randomUUID());
      if (requestId) headers['X-Request-ID'] = requestId;
      let payload = call.rawBody;
      if (payload === undefined && call.body !== undefined) payload = JSON.stringify(call.body);
      if (payload !== undefined) headers['Content-Type'] = 'application/json';
      for (const [name, value] of Object.entries(call.headers ?? {})) if (value !== undefined) headers[name] = value;
      const method = call.method ?? 'GET';
      // A request the target may have handled before the connection broke is repeated only when
      // repeating it cannot act twice: a POST only under its X-Request-ID (the payment's idempotency key).
      const repeatable = method !== 'POST' || requestId !== undefined;
      const policy = options.retry;
      const record = (status: number, answer: Omit<RawAnswer, 'status'> | undefined, started: number): Exchange => {
        const exchange: Exchange = {
          actor: options.label,
          method,
          url: url.pathname + url.search,
          requestHeaders: maskHeaders(headers),
          requestBody: payload === undefined ? undefined : maskBody(payload),
          status,
          headers: maskHeaders(answer?.headers ?? {}),
          body: answer ? maskValue(answer.json ?? (answer.text === '' ? undefined : answer.text)) : undefined,
          durationMs: Math.round(performance.now() - started),
        };
        options.record(exchange);
        return exchange;
      };
      for (let attempt = 0; ; attempt += 1) {
        const last = !policy || attempt >= policy.retries;
        const started = performance.now();
        let answer: RawAnswer;
        try {
          answer = await sendHttps(url, {
            method,
            headers,
            payload,
            ca: options.ca,
            certificate: options.certificate,
            repeatable,
            ...(options.pool ? { agent: options.pool.agentFor(options.certificate) } : {}),
            ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
          });
        } catch (error) {
          if (!(error instanceof TargetUnreachable) || error instanceof HandshakeRefused) throw error;
          if (options.transport) options.transport.connectionFailures += 1;
          if (!policy) throw error;
          const broken = record(0, { headers: {}, text: `no answer: ${error.message}`, json: undefined }, started);
          if (last || !repeatable)
            throw new TargetUnstable(
              `${method} ${broken.url} got no answer${attempt > 0 ? ` on ${attempt + 1} attempts` : ''} (${error.message})`,
              evidenceOf(broken),
              true,
            );
          await retried(options, policy, attempt, undefined);
          continue;
        }
        if (options.transport) {
          options.transport.answers += 1;
          if (isServerError(answer.status)) options.transport.serverErrors += 1;
        }
        const exchange = record(answer.status, answer, started);
        if (policy && isServerError(answer.status)) {
          if (last)
            throw new TargetUnstable(
              `${method} ${exchange.url} answered ${answer.status}${attempt > 0 ? ` on ${attempt + 1} attempts` : ''}`,
              evidenceOf(exchange),
              false,
            );
          await retried(options, policy, attempt, headerOf(answer.headers, 'retry-after'));
          continue;
        }
        const evidence = evidenceOf(exchange);
        const reply: Reply = {
          ...answer,
          requestId,
          header: (name) => headerOf(answer.headers, name),
          evidence,
          parsed: undefined,
          retries: attempt,
        };
        reply.parsed = holdToContract(
          method,
          contractPath(options.baseUrl, url),
          reply,
          call.schema,
          options.contractRules ?? {},
        );
        return reply;
      }
    },
  };
}

async function retried(options: ClientOptions, policy: RetryPolicy, attempt: number, retryAfter: string | undefined) {
  if (options.transport) options.transport.retries += 1;
  await sleep(retryDelayMs(policy, attempt, retryAfter));
}

function headerOf(headers: RawAnswer['headers'], name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * Every answer is held against the contract: the row's success body, no body on a 204, the
 * tppMessages envelope on a 4xx. A 5xx body is best effort (spec "Errors" rule 3), so left open.
 * A mismatch fails with this exchange as its evidence, as a step of the shape's rule where the
 * catalogue names one; the parsed body is what typed steps read.
 */
function holdToContract(
  method: string,
  pathname: string,
  reply: Reply,
  schema: z.ZodType | undefined,
  rules: ContractRules,
): unknown {
  const what = `${method} ${pathname} answer ${reply.status}`;
  let shapeName: string | undefined;
  try {
    if (schema && reply.status >= 200 && reply.status < 300) return ensureSchema(schema, reply.json, what);
    const entry = matchEndpoint(method, pathname);
    if (!entry) return undefined;
    const shape = answerShape(entry, reply.status);
    if (shape.kind === 'empty') {
      shapeName = 'NoBody';
      ensure(reply.text === '', `${what} must have no body`, { actual: reply.text });
    } else if (shape.kind === 'body') {
      shapeName = shape.name;
      return ensureSchema(shape.schema, reply.json, `${what} (${shape.name})`);
    }
    return undefined;
  } catch (error) {
    if (!(error instanceof ExpectationFailed)) throw error;
    const failure = new ExpectationFailed(error.message, { ...error.details, exchange: reply.evidence });
    const rule = shapeName === undefined ? undefined : rules[shapeName];
    throw rule === undefined ? failure : givenFailed(rule, '', failure);
  }
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
  /**
   * False when the request must not be sent twice (a POST without X-Request-ID): a kept-alive
   * connection found closed is then a failure, not a reason to send it again.
   */
  repeatable?: boolean;
}

/**
 * One HTTPS exchange: the answer's text, and its JSON when it parses. Connection failures become
 * TargetUnreachable. A kept-alive connection the server closed just as the request went out is
 * tried once more on a new one (the race every keep-alive client has; node documents this remedy),
 * unless the request must not be sent twice.
 */
export async function sendHttps(url: URL, init: SendInit): Promise<RawAnswer> {
  try {
    return await exchange(url, init);
  } catch (error) {
    if (!(error instanceof StaleConnection)) throw error;
    if (init.repeatable === false)
      throw new TargetUnreachable(`${init.method} ${url.href}: the kept connection was reset (${error.message})`);
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
      res.on('error', (error) => reject(new TargetUnreachable(`${method} ${url.href}: ${error.message}`)));
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
      else if (/^ERR_(SSL|TLS)_/.test(error.code ?? '') || /alert/i.test(error.message))
        reject(new HandshakeRefused(`${method} ${url.href}: ${error.message}`));
      else
        reject(
          error instanceof TargetUnreachable ? error : new TargetUnreachable(`${method} ${url.href}: ${error.message}`),
        );
    });
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}
