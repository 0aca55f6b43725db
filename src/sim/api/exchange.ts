/**
 * One XS2A API request on its way through the lifecycle (lifecycle.ts): what it arrived with, what
 * each stage found, and what was written. One object per request, so the stages share their
 * findings without closures, and nothing is built that no stage asks for.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestFaultKind } from '../faults/schema.js';
import type { ProviderIdentity } from '../rules/identity.js';
import type { ApiRoute } from './operations.js';
import { splitTarget, type RequestTarget } from './request-target.js';
import { servedRequestId } from './request-id.js';
import type { HeaderList, Payload } from './write-answer.js';

/** What goes on the wire: an application answer (with the X-Request-ID echo) or a fault's. */
export interface Outcome {
  status: number;
  /** The answer's own headers (an operation's, an error's, a fault's); the writer adds its own to them. */
  headers: Readonly<Record<string, string>>;
  payload: Payload | undefined;
  /** A layer above the application answered (a fault): no echo. */
  foreign: boolean;
  code: string | undefined;
}

const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze({});

export class Exchange {
  readonly method: string;
  readonly url: string;
  /** The request target as sent, without the query: what fault rules and the events see. */
  readonly path: string;
  /** Sandbox time and host time of arrival (ms), and performance.now() then. */
  readonly arrivedMs: number;
  readonly realMs: number;
  readonly startedAt: number;
  /**
   * The X-Request-ID the request is served under (as sent, or made up by a generating profile),
   * decided on arrival, so even a refusal of the certificate echoes it.
   */
  readonly requestId: string | undefined;
  #target: RequestTarget | undefined;
  identity: ProviderIdentity | undefined = undefined;
  /** The kind of the fault rule that answered, held or dropped the request. */
  fault: RequestFaultKind | undefined = undefined;
  /** A slow fault's delay before the answer is written (real milliseconds). */
  holdMs: number | undefined = undefined;
  /** A lost-answer fault: the request is handled in full, then its connection closed instead of answered. */
  loseAnswer = false;
  /**
   * The client had closed the connection before the answer was written (its own time-out of a slow
   * answer): whatever was written, the client never got it.
   */
  clientClosed = false;
  /** A revoke-consent fault: run once the answer is written and recorded. */
  afterAnswer: ((x: Exchange) => Promise<void>) | undefined = undefined;
  /** The body as received, and as read; undefined without one. */
  bodyText: string | undefined = undefined;
  body: unknown = undefined;
  route: ApiRoute | undefined = undefined;
  params: Readonly<Record<string, string>> = NO_PARAMS;
  /** The answer to write; null: the connection is dropped without one. Set, it ends the stages before the answer. */
  outcome: Outcome | null | undefined = undefined;
  /** What was written (a header node refused turns the outcome into a 500); null when nothing was. */
  written: Outcome | null = null;
  /** The headers written with it, in order. */
  writtenHeaders: HeaderList | undefined = undefined;

  constructor(
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    clock: { nowMs(): number },
    requestIdMissing: 'refuse' | 'generate',
  ) {
    this.realMs = Date.now();
    this.arrivedMs = clock.nowMs();
    this.startedAt = performance.now();
    this.method = req.method ?? 'GET';
    this.url = req.url ?? '/';
    const mark = this.url.indexOf('?');
    this.path = mark === -1 ? this.url : this.url.slice(0, mark);
    this.requestId = servedRequestId(req.headers, requestIdMissing);
  }

  /** Path and query as the router reads them (request-target.ts), split on first use. */
  get target(): RequestTarget {
    return (this.#target ??= splitTarget(this.url));
  }
}
