/**
 * What an XS2A route handler sees and gives back. Handlers translate only (README "Architecture"):
 * they read a call, ask a service and return an answer value; the pipeline (app.ts) writes it,
 * so a handler never touches node's request or response.
 */
import type { ParsedUrlQuery } from 'node:querystring';
import type { OperationId } from '../../contract/endpoints.js';
import type { SandboxContext } from '../context.js';
import type { ProviderIdentity } from '../rules/identity.js';

export interface Call {
  method: string;
  /** The path as sent, without the query. */
  path: string;
  /** Path parameters by the endpoint table's names (`consent_id`, `payment_id`, …), percent-decoded. */
  params: Readonly<Record<string, string>>;
  /** The query as express 5's default parser reads it (node:querystring). */
  readonly query: ParsedUrlQuery;
  /** A request header by name, any case. */
  get(name: string): string | undefined;
  /** The JSON body, undefined when the request has none. */
  body: unknown;
  identity: ProviderIdentity;
  /** The X-Request-ID the request is served under: as sent, or the one a generating profile made up. */
  readonly requestId: string;
}

export interface Answer {
  status: number;
  /** Written as JSON; a 204 has none. */
  body?: unknown;
  headers?: Readonly<Record<string, string>>;
}

/** Runs before the operation and throws to refuse, e.g. the role a provider needs. */
export type Guard = (call: Call) => void;

/** The simulator's side of one row of the endpoint table: a call and the sandbox in, an answer out. */
export type Operation = (call: Call, ctx: SandboxContext) => Answer | Promise<Answer>;

/** Some operations by their operationId (each area of the API holds one such table). */
export type OperationTable = Partial<Record<OperationId, Operation>>;

export const ok = (body: unknown, headers?: Readonly<Record<string, string>>): Answer => (headers ? { status: 200, body, headers } : { status: 200, body });

/** 201 with the new resource's address in Location. */
export const created = (body: { _links: { self: { href: string } } }, headers: Readonly<Record<string, string>> = {}): Answer => ({
  status: 201,
  body,
  headers: { ...headers, Location: body._links.self.href },
});

export const noContent = (): Answer => ({ status: 204 });
