/**
 * The XS2A API (spec "Endpoints"), behind mutual TLS: a request listener over node's own request
 * and response, without express, because the framework alone cost more per request than the
 * whole rest of a balances read. Order matters: the certificate is judged before anything else
 * (CERTIFICATE_MISSING "whatever else it contains"), then X-Request-ID, then the body, and only a
 * request that passed all three registers its provider.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { parse as parseQuery, type ParsedUrlQuery } from 'node:querystring';
import type { TLSSocket } from 'node:tls';
import { isoDate } from '../../contract/dates.js';
import type { EndpointEntry } from '../../contract/endpoints.js';
import { HEADERS } from '../../contract/index.js';
import { REQUEST_BODIES } from '../../contract/request-bodies.js';
import type { Clock } from '../clock.js';
import type { SandboxContext } from '../context.js';
import { requestFault, type RequestFault } from '../faults/middleware.js';
import { errorAnswer, toXsError } from '../http/error-handler.js';
import { jsonBodyReader } from '../http/json-body.js';
import { splitTarget, type RequestTarget } from '../http/request-target.js';
import { createRouter } from '../http/router.js';
import { JSON_TYPE, writeAnswer, type Payload } from '../http/write-answer.js';
import type { ProviderIdentity } from '../rules/identity.js';
import { providerRecorder } from '../services/providers.js';
import type { Answer, Call } from './call.js';
import { authenticateProvider } from './identity.js';
import { requestIdEcho, requireRequestId, servedRequestId } from './request-id.js';
import { apiRoutes, type ApiRoute } from './operations.js';
import { logRequest, type RequestStart } from './request-log.js';

/** What goes on the wire: an application answer (with the X-Request-ID echo) or a fault's. */
interface Outcome {
  status: number;
  headers: OutgoingHttpHeaders;
  payload: Payload | undefined;
  /** A layer above the application answered (a fault): no echo. */
  foreign: boolean;
  code: string | undefined;
}

const fromAnswer = (answer: Answer, code?: string): Outcome => ({
  status: answer.status,
  // Every answer of the application is JSON or nothing: never to be sniffed into anything else.
  headers: { ...answer.headers, 'X-Content-Type-Options': 'nosniff' },
  payload: answer.body === undefined ? undefined : { type: JSON_TYPE, text: JSON.stringify(answer.body) },
  foreign: false,
  code,
});

const fromFault = (fault: Extract<RequestFault, { kind: 'answer' }>): Outcome => ({
  status: fault.status,
  headers: { ...fault.headers },
  payload: fault.page,
  foreign: true,
  code: undefined,
});

/** The request line's target without its query, as the request log and fault rules see it. */
function withoutQuery(url: string): string {
  const mark = url.indexOf('?');
  return mark === -1 ? url : url.slice(0, mark);
}

/**
 * A Call over node's request: a class, so the per-request cost is one object, not a set of closures.
 * B is the body type of the row's operation; body() runs that row's reader, which gives exactly it.
 */
class RequestCall<B> implements Call<B> {
  #query: ParsedUrlQuery | undefined;

  constructor(
    private readonly req: IncomingMessage,
    readonly method: string,
    private readonly target: RequestTarget,
    private readonly row: EndpointEntry,
    readonly params: Readonly<Record<string, string>>,
    readonly rawBody: unknown,
    readonly identity: ProviderIdentity,
    readonly requestId: string,
    private readonly clock: Clock,
  ) {}

  /** The row's body reader, today being the sandbox clock's UTC day (validUntil, requestedExecutionDate). */
  body(): B {
    const name = this.row.requestBody;
    // The one place the type system cannot follow the row: the reader named there gives its operation's B.
    return (name === undefined ? undefined : REQUEST_BODIES[name].read(this.rawBody, isoDate(this.clock.now()))) as B;
  }

  get path(): string {
    return this.target.pathname;
  }

  get query(): ParsedUrlQuery {
    return (this.#query ??= parseQuery(this.target.query ?? ''));
  }

  get(name: string): string | undefined {
    const value = this.req.headers[name.toLowerCase()];
    return Array.isArray(value) ? value.join(', ') : value;
  }
}

export function createApiListener(
  ctx: SandboxContext,
  routes: readonly ApiRoute[] = apiRoutes(),
): (req: IncomingMessage, res: ServerResponse) => void {
  const authenticate = authenticateProvider(ctx);
  const recordProvider = providerRecorder(ctx);
  const readJsonBody = jsonBodyReader(ctx.behaviour.bodyLimitBytes);
  const route = createRouter(routes);

  /** One request through the checks and its route; sets what the log and the writer need on `seen`. */
  async function handle(
    req: IncomingMessage,
    url: string,
    requestId: string | undefined,
    seen: { identity?: ProviderIdentity; holdMs?: number },
  ): Promise<Outcome | 'drop'> {
    const method = req.method ?? 'GET';
    const target = splitTarget(url);
    const identity = authenticate(req.socket as TLSSocket);
    seen.identity = identity;
    // Faults answer after the certificate is read (a rule may name the provider) and before
    // anything registers, reads a body or changes state.
    const fault = requestFault(ctx.faults, {
      method,
      path: withoutQuery(url),
      provider: identity.organizationIdentifier,
    });
    if (fault?.kind === 'drop') return 'drop';
    if (fault?.kind === 'answer') return fromFault(fault);
    if (fault?.kind === 'hold') seen.holdMs = fault.delayMs;
    requireRequestId(requestId, ctx.behaviour.requestIdNotUuid, (req.headersDistinct['x-request-id']?.length ?? 0) > 1);
    const reading = readJsonBody(req);
    const body = reading ? await reading : undefined;
    // Registration happens once the request has passed the basic checks, so a refused request
    // stores nothing. Steps that usually have nothing to do answer no promise, so no await.
    const registering = recordProvider(identity);
    if (registering) await registering;
    // Before any route reads or changes a payment or a ledger, whatever time has made due is
    // applied, so the money read through account information agrees with the payment status.
    const settling = ctx.bank.catchUp();
    if (settling) await settling;
    const { route: found, params } = route(method, target.pathname);
    const call = new RequestCall<never>(
      req,
      method,
      target,
      found.row,
      params,
      body,
      identity,
      requestId ?? '',
      ctx.clock,
    );
    found.guard?.(call);
    return fromAnswer(await found.operation(call, ctx));
  }

  /** Writes the answer; a header node refuses becomes the 500 envelope while the head is still unwritten. */
  function deliver(req: IncomingMessage, res: ServerResponse, outcome: Outcome, echo: string | undefined): Outcome {
    try {
      if (echo !== undefined && !outcome.foreign) outcome.headers[HEADERS.requestId] = echo;
      writeAnswer(res, req.method === 'HEAD', outcome.status, outcome.headers, outcome.payload);
      return outcome;
    } catch (error) {
      const xs = toXsError(error, ctx.log);
      if (res.headersSent) {
        res.destroy();
        return outcome;
      }
      return deliver(
        req,
        res,
        fromAnswer(errorAnswer(xs, xs.fixedStatus ?? ctx.behaviour.statusOf(xs.code) ?? xs.status), xs.code),
        echo,
      );
    }
  }

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? '/';
    const start: RequestStart = {
      atMs: ctx.clock.nowMs(),
      started: process.hrtime.bigint(),
      method: req.method ?? 'GET',
      path: withoutQuery(url),
    };
    // Decided before anything else, so even a refusal echoes the ID a generating profile made up.
    const requestId = servedRequestId(req.headers, ctx.behaviour.requestIdMissing);
    const echo = requestIdEcho(requestId);
    const seen: { identity?: ProviderIdentity; holdMs?: number } = {};
    let outcome: Outcome | 'drop';
    try {
      outcome = await handle(req, url, requestId, seen);
    } catch (error) {
      const xs = toXsError(error, ctx.log);
      outcome = fromAnswer(errorAnswer(xs, xs.fixedStatus ?? ctx.behaviour.statusOf(xs.code) ?? xs.status), xs.code);
    }
    if (outcome === 'drop') {
      req.socket.destroy();
      return;
    }
    const answer = outcome;
    // A refusal sent before the body was read to its end (too large, or refused before reading it)
    // closes the connection: kept alive, it would hold the client, the rest of its body unread,
    // until the keep-alive timeout ended it.
    if (!req.complete) res.shouldKeepAlive = false;
    const write = () => {
      const written = deliver(req, res, answer, echo);
      logRequest(ctx, start, {
        provider: seen.identity?.organizationIdentifier,
        status: written.status,
        code: written.code,
      });
    };
    // A slow fault holds back whatever the request is answered with, errors included.
    if (seen.holdMs === undefined) write();
    else setTimeout(write, seen.holdMs).unref();
  }

  return (req, res) => {
    serve(req, res).catch((error: unknown) => {
      ctx.log(`internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      res.destroy();
    });
  };
}
