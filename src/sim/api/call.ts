/**
 * What an XS2A operation sees and gives back. Operations are the lifecycle's `operation` stage
 * (lifecycle.ts): they read the call's headers and body with the contract's readers, in the order
 * clients are told errors come, hand typed input to a service and return an answer value; the
 * `writeAnswer` stage writes it, so an operation never touches node's request or response.
 */
import type { ParsedUrlQuery } from 'node:querystring';
import type { OperationId, RequestBodyName, RequestBodyNameOf } from '../../contract/endpoints.js';
import type { RequestBodyOf } from '../../contract/request-bodies.js';
import type { SandboxContext } from '../context.js';
import type { ProviderIdentity } from '../rules/identity.js';
import type { Answer } from './answer.js';

/**
 * What the operations, and the services they call, read of their world's context: the type lets
 * them reach nothing else (the lifecycle hands them the world's whole context).
 */
export type OperationContext = Pick<
  SandboxContext,
  'store' | 'clock' | 'events' | 'world' | 'addresses' | 'behaviour' | 'bank'
>;

export interface Call<B = unknown> {
  method: string;
  /** The path as sent, without the query. */
  path: string;
  /** Path parameters by the endpoint table's names (`consent_id`, `payment_id`, …), percent-decoded. */
  params: Readonly<Record<string, string>>;
  /** The query as express 5's default parser reads it (node:querystring). */
  readonly query: ParsedUrlQuery;
  /** A request header by name, any case. */
  get(name: string): string | undefined;
  /** The JSON body as sent, undefined when the request has none: what idempotency compares. */
  readonly rawBody: unknown;
  /**
   * The body read by the reader its endpoint row names (contract/request-bodies.ts) against the
   * sandbox clock's day; throws the refusal. Called by the operation after the headers it reads.
   */
  body(): B;
  identity: ProviderIdentity;
  /** The X-Request-ID the request is served under: as sent, or the one a generating profile made up. */
  readonly requestId: string;
}

/** Runs before the operation and throws to refuse, e.g. the role a provider needs. */
export type Guard = (identity: ProviderIdentity) => void;

/** The typed body of an operation, as its row names it; undefined for an operation without one. */
export type BodyOf<K extends OperationId> =
  RequestBodyNameOf<K> extends RequestBodyName ? RequestBodyOf<RequestBodyNameOf<K>> : undefined;

/** The simulator's side of one row of the endpoint table: a call and the sandbox in, an answer out. */
export type Operation<K extends OperationId> = (
  call: Call<BodyOf<K>>,
  ctx: OperationContext,
) => Answer | Promise<Answer>;

/**
 * Any operation, as the router holds them. It is handed a call whose body() runs the reader of the
 * same row, so its body has the type that row names (the one cast is in RequestCall.body(), request-call.ts).
 */
export type AnyOperation = (call: Call<never>, ctx: OperationContext) => Answer | Promise<Answer>;

/** Some operations by their operationId (each area of the API holds one such table). */
export type OperationTable = { [K in OperationId]?: Operation<K> };
