/**
 * The XS2A API's request lifecycle (spec "Endpoints", behind mutual TLS): one list of named
 * stages, each a function with one job over the request's Exchange, run in this order:
 *
 *   authenticate → faults → requestId → body → register → catchUp → route → guard → operation
 *     → writeAnswer → record
 *
 * A stage refuses by throwing an XsError, which becomes the answer; a fault may answer or drop the
 * request itself. Either ends the stages before the answer; writeAnswer and record always run.
 * Order matters: the certificate is judged before anything else (CERTIFICATE_MISSING "whatever else
 * it contains"), then X-Request-ID, then the body, and only a request that passed all three
 * registers its provider, so a refused request stores nothing. Stages with nothing to do answer no
 * promise, so the common path awaits only the operation's unit of work. A request listener over
 * node's own request and response, without express: the framework alone cost more per request than
 * the whole rest of a balances read.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { HEADERS, XsError } from '../../contract/index.js';
import type { SandboxContext } from '../context.js';
import { revokeUsedConsent } from '../faults/consent-revocation.js';
import { requestFault } from '../faults/middleware.js';
import { asXsError, errorAnswer } from '../http/error-envelope.js';
import { hasBody, jsonBodyReader } from '../http/json-body.js';
import { providerRecorder } from '../services/providers.js';
import { syncShared } from '../sync-shared.js';
import type { Answer } from './answer.js';
import { Exchange, type Outcome } from './exchange.js';
import type { ForwardedCertificates } from './forwarded-certificate.js';
import { authenticateProvider } from './identity.js';
import { absoluteLinks } from './link-form.js';
import { apiRoutes, type ApiRoute } from './operations.js';
import { exchangeRecorder } from './record.js';
import { RequestCall } from './request-call.js';
import { requestIdEcho, requireRequestId } from './request-id.js';
import { createRouter } from './router.js';
import { JSON_TYPE, writeAnswer as writeWhole, type HeaderList } from './write-answer.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type LifecycleContext = Pick<
  SandboxContext,
  | 'store'
  | 'clock'
  | 'events'
  | 'world'
  | 'registerFixture'
  | 'addresses'
  | 'callbackCa'
  | 'deliveriesInFlight'
  | 'faults'
  | 'behaviour'
  | 'profileChoice'
  | 'revocation'
  | 'log'
  | 'bank'
>;

/** The stages, in the order they run; the architecture page draws this list. */
export const LIFECYCLE = [
  'authenticate',
  'faults',
  'requestId',
  'body',
  'register',
  'catchUp',
  'route',
  'guard',
  'operation',
  'writeAnswer',
  'record',
] as const;

type StageName = (typeof LIFECYCLE)[number];
type Stage = (x: Exchange) => Promise<void> | void;

const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});

/** What a status fault says: not the daily budget (it may hit any operation), only that the bank asks to wait. */
const FAULT_TEXT = {
  ACCESS_EXCEEDED: 'Too many requests: try again after Retry-After seconds.',
  INTERNAL_SERVER_ERROR: 'Internal server error.',
} as const;

const fromAnswer = (answer: Answer, code?: string): Outcome => ({
  status: answer.status,
  headers: answer.headers ?? NO_HEADERS,
  payload: answer.body === undefined ? undefined : { type: JSON_TYPE, text: JSON.stringify(answer.body) },
  foreign: false,
  code,
});

export function createApiListener(
  ctx: LifecycleContext,
  routes: readonly ApiRoute[] = apiRoutes(),
  forwarded?: ForwardedCertificates,
): (req: IncomingMessage, res: ServerResponse) => void {
  const identify = authenticateProvider(ctx, forwarded);
  const recordProvider = providerRecorder(ctx);
  const readBody = jsonBodyReader(ctx.behaviour.bodyLimitBytes);
  const find = createRouter(routes);
  const recordExchange = exchangeRecorder(ctx);

  /** An error as its envelope, with the status the bank profile serves for its code. */
  function refusal(error: unknown): Outcome {
    const xs = asXsError(error, ctx.log);
    return fromAnswer(errorAnswer(xs, xs.fixedStatus ?? ctx.behaviour.errorStatus(xs.code) ?? xs.status), xs.code);
  }

  /** The provider named by the certificate the TLS socket authorised, still authorised by the register. */
  function authenticate(x: Exchange): void {
    x.identity = identify(x.req.socket as TLSSocket, x.req.headers);
  }

  /**
   * A fault rule may answer, hold or drop the request, or mark it to lose its answer or to have its
   * consent revoked once answered (after the certificate: a rule may name the provider).
   */
  function faults(x: Exchange): Promise<void> | void {
    const fault = requestFault(
      ctx.faults,
      { family: 'request', method: x.method, path: x.path, provider: x.identity?.organizationIdentifier },
      ctx.clock.now(),
    );
    if (!fault) return;
    x.fault = fault.rule;
    // A fault that answers (or drops) at once still reads the body, so the exchange event carries the
    // request as sent: the client judge compares a retry with it (same payment, same key). A body
    // that cannot be read changes nothing; nothing is stored either way.
    if (fault.kind === 'fail' || fault.kind === 'refuse' || fault.kind === 'answer' || fault.kind === 'drop')
      return Promise.resolve(body(x))
        .catch(() => undefined)
        .then(() => applyFault(x, fault));
    applyFault(x, fault);
  }

  function applyFault(x: Exchange, fault: NonNullable<ReturnType<typeof requestFault>>): void {
    if (fault.kind === 'fail') throw new XsError('INTERNAL_SERVER_ERROR');
    if (fault.kind === 'refuse')
      throw new XsError(fault.code, { status: fault.status, headers: fault.headers, text: FAULT_TEXT[fault.code] });
    if (fault.kind === 'lose') x.loseAnswer = true;
    else if (fault.kind === 'revoke') x.afterAnswer = (done) => revokeUsedConsent(ctx, done);
    else if (fault.kind === 'drop') x.outcome = null;
    else if (fault.kind === 'hold') x.holdMs = fault.delayMs;
    else
      x.outcome = {
        status: fault.status,
        headers: fault.headers,
        payload: fault.page,
        foreign: true,
        code: undefined,
      };
  }

  /** X-Request-ID is there and well-formed, as the bank profile reads it. */
  function requestId(x: Exchange): void {
    requireRequestId(x.requestId, ctx.behaviour.requestIdNotUuid, x.req);
  }

  /** The JSON body, read whole and kept as received. */
  function body(x: Exchange): Promise<void> | undefined {
    return readBody(x.req)?.then((read) => {
      x.bodyText = read.text;
      x.body = read.value;
    });
  }

  /** First sight of a provider (or a changed certificate) registers it. */
  function register(x: Exchange): Promise<void> | undefined {
    return recordProvider(x.identity!);
  }

  /**
   * Whatever time has made due (a settlement, an unanswered payee check) is applied before any
   * route reads, so money read through account information agrees with the payment status.
   */
  function catchUp(): Promise<void> | undefined {
    return ctx.bank.catchUp();
  }

  /** The row of the endpoint table the method and path name, or 404 / 405 with Allow. */
  function route(x: Exchange): void {
    const found = find(x.method, x.target.pathname);
    x.route = found.route;
    x.params = found.params;
  }

  /** What the row requires of the provider (its role). */
  function guard(x: Exchange): void {
    x.route!.guard?.(x.identity!);
  }

  /** The answer as written, its hrefs in the profile's form (`links.form`). */
  const shaped = (answer: Answer) =>
    fromAnswer(ctx.behaviour.absoluteLinks ? absoluteLinks(answer, ctx.addresses.apiUrl) : answer);

  /** The row's operation: reads the call, asks a service, answers a value. */
  function operation(x: Exchange): Promise<void> | void {
    const answered = x.route!.operation(new RequestCall<never>(x, ctx.clock), ctx);
    if (!(answered instanceof Promise)) {
      x.outcome = shaped(answered);
      return;
    }
    return answered.then((answer) => {
      x.outcome = shaped(answer);
    });
  }

  /** Writes the outcome in one go, with the X-Request-ID echo; a dropped request's connection is closed, as is a lost answer's. */
  function writeAnswer(x: Exchange): void {
    // A client that gave up on a held answer closed its connection: what is written now never reaches it.
    if (x.req.socket.destroyed) x.clientClosed = true;
    if (x.outcome === null || x.loseAnswer) {
      x.req.socket.destroy();
      return;
    }
    // A refusal sent before the body was read to its end (too large, or refused before reading it)
    // closes the connection: kept alive, it would hold the client, the rest of its body unread,
    // until the keep-alive timeout ended it. (A request without a body may not be marked complete
    // yet when it is answered at once: node's parser marks it after the request event.)
    if (!x.req.complete && hasBody(x.req.headers)) x.res.shouldKeepAlive = false;
    x.written = deliver(x, x.outcome ?? refusal(new Error('the lifecycle ended without an answer')));
  }

  /** A header node refuses becomes the 500 envelope while the head is still unwritten. */
  function deliver(x: Exchange, outcome: Outcome): Outcome {
    try {
      const headers: HeaderList = [];
      for (const name in outcome.headers) headers.push(name, outcome.headers[name]!);
      if (!outcome.foreign) {
        // Every answer of the application is JSON or nothing: never to be sniffed into anything else.
        headers.push('X-Content-Type-Options', 'nosniff');
        const echo = requestIdEcho(x.requestId);
        if (echo !== undefined) headers.push(HEADERS.requestId, echo);
      }
      writeWhole(x.res, x.method === 'HEAD', outcome.status, headers, outcome.payload);
      x.writtenHeaders = headers;
      return outcome;
    } catch (error) {
      if (!x.res.headersSent) return deliver(x, refusal(error));
      x.res.destroy();
      return outcome;
    }
  }

  /** The request and its answer, to whoever listens. */
  function record(x: Exchange): void {
    recordExchange(x);
  }

  const stages: Record<StageName, Stage> = {
    authenticate,
    faults,
    requestId,
    body,
    register,
    catchUp,
    route,
    guard,
    operation,
    writeAnswer,
    record,
  };
  const beforeAnswer = LIFECYCLE.slice(0, LIFECYCLE.indexOf('writeAnswer')).map((name) => stages[name]);

  /** The last two stages, after a slow fault's hold; a listener that throws only leaves a log line. */
  function finish(x: Exchange): void {
    stages.writeAnswer(x);
    try {
      stages.record(x);
    } catch (error) {
      ctx.log(
        `a request event listener failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
    }
    x.afterAnswer?.(x).catch((error: unknown) => ctx.log(`fault after the answer: ${String(error)}`));
  }

  async function run(x: Exchange): Promise<void> {
    try {
      for (const stage of beforeAnswer) {
        const pending = stage(x);
        if (pending) await pending;
        if (x.outcome !== undefined) break;
      }
    } catch (error) {
      x.outcome = refusal(error);
    }
    // A slow fault holds back whatever the request is answered with, errors included.
    if (x.holdMs === undefined) finish(x);
    else setTimeout(finish, x.holdMs, x).unref();
  }

  /** A request whose process could not catch up with the shared store (the database is down) answers that at once. */
  async function failed(x: Exchange, error: unknown): Promise<void> {
    x.outcome = refusal(error);
    finish(x);
  }

  return (req, res) => {
    let behind: unknown;
    try {
      // Before the arrival is stamped: the sandbox clock as any process last moved it.
      syncShared(ctx);
    } catch (error) {
      behind = error;
    }
    const x = new Exchange(req, res, ctx.clock, ctx.behaviour.requestIdMissing);
    (behind === undefined ? run(x) : failed(x, behind)).catch((error: unknown) => {
      ctx.log(`internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      res.destroy();
    });
  };
}
