/**
 * A client rule as a check: a plain function over one exchange of a provider, that provider's own
 * memory for the rule, and what the sandbox's change events told (subjects). It answers a violation
 * or nothing, and updates the memory later exchanges are judged by. No check reads the store or
 * the clock: the exchange carries its own times.
 */
import { maskTarget } from '../../../contract/mask.js';
import type { ClientAdviceId, ClientRuleId } from '../client-rules.js';
import type { Seen } from '../seen.js';
import type { Subjects } from '../subjects.js';

/** How many remembered requests (refusals, failures, ids) each check keeps per provider. */
export const PROVIDER_MEMORY = 1_000;

export interface Violation {
  /** A rule (a finding) or advice (a hint, reported apart). */
  readonly rule: ClientRuleId | ClientAdviceId;
  /** One sentence: what this exchange did, and the earlier one that makes it a finding. */
  readonly detail: string;
  /** The other exchanges of the evidence; the report orders them all by arrival. */
  readonly earlier?: readonly Seen[];
  /**
   * The exchange that broke the rule, when it is not the one being judged: a slow answer judged
   * last can show that a request which arrived while it was held broke a rule (CLIENT-PAYMENT-KEY).
   */
  readonly subject?: Seen;
  readonly consentId?: string;
  readonly paymentId?: string;
  /** The request field at fault (a malformed request's `path`). */
  readonly field?: string;
}

export interface World {
  readonly subjects: Subjects;
  /** The count of events seen before this exchange. */
  readonly tick: number;
}

export interface ClientCheck<M> {
  readonly rule: ClientRuleId;
  /** The advice the check also gives, if any. */
  readonly advice?: ClientAdviceId;
  /** A provider's memory for this check, fresh. */
  memory(): M;
  judge(memory: M, seen: Seen, world: World): Violation | undefined;
}

/** A check whose memory type stays its own business. */
export type AnyCheck = ClientCheck<unknown>;

export const check = <M>(definition: ClientCheck<M>): AnyCheck => definition as AnyCheck;

/** What names a request in a detail line. */
export interface RequestLine {
  readonly method: string;
  readonly path: string;
  readonly query: string;
}

/** `METHOD /path?query`, for details: masked (contract/mask.ts), since a detail line is printed and kept. */
export function requestLine({ method, path, query }: RequestLine): string {
  return `${method} ${maskTarget(path, query)}`;
}

/** `METHOD /path?query` of an exchange, for details. */
export const line = (seen: Seen): string => requestLine(seen.event.request);

/** `404 RESOURCE_UNKNOWN`, `503`, or `no answer (connection closed)`. */
export function outcome(seen: Seen): string {
  if (seen.event.clientClosed) return 'no answer (the client closed the connection before it)';
  if (seen.status === null) return 'no answer (connection closed)';
  return seen.code ? `${seen.status} ${seen.code}` : String(seen.status);
}

/** Seconds as the detail lines write them: `2 s`, `0.25 s`. */
export function seconds(ms: number): string {
  return `${Math.round(ms) / 1000} s`;
}
