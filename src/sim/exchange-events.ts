/** What the API's lifecycle tells listeners about each request (its last stage, api/record.ts). */
import type { OperationId } from '../contract/endpoints.js';
import type { RequestFaultKind } from './faults/schema.js';

/** Headers by lower-case name: a header sent once is a string, one sent more than once the list of its values. */
export type HeaderValues = Record<string, string | string[]>;

/**
 * One XS2A API request and what became of it, sent once the answer is written (or the connection
 * dropped): the last stage of the request lifecycle (api/lifecycle.ts). Built only while someone
 * listens. Requests node's HTTP parser refused never reached the lifecycle and are not reported.
 */
export interface ExchangeEvent {
  /** 1, 2, 3, … in the order the sandbox finished the requests: every API request of this sandbox counts. */
  id: number;
  /** When the request arrived, by the sandbox clock. */
  at: string;
  /** When the request arrived, by the host's clock. */
  realAt: string;
  /** The organizationIdentifier of the certificate, when one was accepted. */
  provider: string | undefined;
  request: {
    method: string;
    /** The request target without its query. */
    path: string;
    /** What follows the `?`, '' without one. */
    query: string;
    /** As received, names in lower case. */
    headers: HeaderValues;
    /** The body's text as received (at most the body limit), undefined when none was read. */
    body: string | undefined;
  };
  /**
   * What was written: the status, the headers the sandbox wrote (lower-case names; node's own
   * Date, Connection and Keep-Alive are not among them) and the body's text (undefined without one,
   * and on HEAD). Null when the connection was dropped without an answer.
   */
  answer: { status: number; headers: Record<string, string>; body: string | undefined } | null;
  /** The tppMessages code of an error answer. */
  code: string | undefined;
  /**
   * The endpoint row the request was routed to and its path parameters (decoded), once the
   * lifecycle's `route` stage ran; undefined for a request answered before it (refused certificate,
   * fault, malformed X-Request-ID or body) or naming no endpoint.
   */
  operationId: OperationId | undefined;
  params: Readonly<Record<string, string>> | undefined;
  /** The fault rule that answered, held or dropped the request, if one did. */
  fault: RequestFaultKind | undefined;
  /** Arrival to the answer written (a held answer included), in milliseconds. */
  latencyMs: number;
  /** The client had closed the connection before the answer was written: it never got the answer (its own time-out). */
  clientClosed?: true;
}

export interface RequestEvent {
  at: string;
  provider: string | undefined;
  method: string;
  path: string;
  status: number;
  code: string | undefined;
  latencyMs: number;
}
