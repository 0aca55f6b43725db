/**
 * Request faults on the XS2A API, asked by the lifecycle's `faults` stage before anything is read or
 * stored: a faulted request creates, registers and consumes nothing, except a slow one, handled as
 * usual and answered late, a lost answer, handled as usual and never answered, and a revoked
 * consent, handled as usual and revoked by its customer once answered. Each fault names the rule
 * kind that made it (the `exchange` event reports it).
 */
import { HEADERS } from '../../contract/headers.js';
import { nextDayStart } from '../../contract/dates.js';
import { RECURRING_FREQUENCY } from '../rules/consents.js';
import { BAD_GATEWAY_PAGE } from './bad-gateway-page.js';
import type { FaultInjector } from './injector.js';
import type { FaultTarget } from './pick.js';
import { DEFAULT_429_RETRY_AFTER_SECONDS, type FaultStatus, type RequestFaultKind } from './schema.js';

/** What a fault makes of a request, and the kind of the rule that made it. */
export type RequestFault = { rule: RequestFaultKind } &
  /** The application's own failure: the envelope with X-Request-ID (spec "Errors" rule 3), thrown by the stage. */
  (
    | { kind: 'fail' }
    /** A layer above the application answers: its own body, no envelope and no X-Request-ID echo. */
    | { kind: 'answer'; status: number; headers: Record<string, string>; page?: { type: string; text: string } }
    /**
     * Handled at once, only the answer held back, as when a bank is slow: a client that gives up
     * cannot know whether its payment was made (what an idempotent retry with the same X-Request-ID
     * is for). The delay is real time: latency, not a time rule, so not the sandbox clock.
     */
    | { kind: 'hold'; delayMs: number }
    /** The connection is closed without an answer. */
    | { kind: 'drop' }
    /** The application refuses with this status: the envelope with its class's code and X-Request-ID (spec "Errors"). */
    | {
        kind: 'refuse';
        code: 'ACCESS_EXCEEDED' | 'INTERNAL_SERVER_ERROR';
        status: FaultStatus;
        headers: Record<string, string>;
      }
    /**
     * Handled in full (a payment is stored), then the connection is closed instead of the answer
     * being written: the client cannot know what happened, and must repeat the request under the same
     * X-Request-ID (spec "Behaviour notes: Payments" 6) to learn it.
     */
    | { kind: 'lose' }
    /** Handled as usual; once a successful answer is written, the customer revokes the consent it used. */
    | { kind: 'revoke' }
  );

/**
 * A 429 as the interface describes it (spec "Errors" rule 4, "Limits"): Retry-After and the
 * rate-limit headers, nothing left today and the budget back at the next midnight UTC.
 */
function tooManyRequests(retryAfter: number | undefined, now: Date): Record<string, string> {
  return {
    [HEADERS.retryAfter]: String(retryAfter ?? DEFAULT_429_RETRY_AFTER_SECONDS),
    [HEADERS.rateLimitLimit]: String(RECURRING_FREQUENCY),
    [HEADERS.rateLimitRemaining]: '0',
    [HEADERS.rateLimitReset]: String(Math.floor(nextDayStart(now).getTime() / 1000)),
  };
}

type Refusal = Extract<RequestFault, { kind: 'refuse' }>;

function statusFault(status: FaultStatus, retryAfter: number | undefined, now: Date): Omit<Refusal, 'rule'> {
  if (status === 429)
    return { kind: 'refuse', code: 'ACCESS_EXCEEDED', status, headers: tooManyRequests(retryAfter, now) };
  const headers: Record<string, string> = retryAfter === undefined ? {} : { [HEADERS.retryAfter]: String(retryAfter) };
  return { kind: 'refuse', code: 'INTERNAL_SERVER_ERROR', status, headers };
}

export function requestFault(
  faults: FaultInjector,
  target: Extract<FaultTarget, { family: 'request' }>,
  now: Date,
): RequestFault | undefined {
  const fault = faults.pick(target);
  if (!fault) return undefined;
  const { rule } = fault;
  switch (rule.kind) {
    case 'error-500':
      return { rule: rule.kind, kind: 'fail' };
    case 'bad-gateway-html':
      return {
        rule: rule.kind,
        kind: 'answer',
        status: 502,
        headers: {},
        page: { type: 'text/html; charset=utf-8', text: BAD_GATEWAY_PAGE },
      };
    case 'unavailable-empty':
      return {
        rule: rule.kind,
        kind: 'answer',
        status: 503,
        headers: rule.retryAfter === undefined ? {} : { 'Retry-After': String(rule.retryAfter) },
      };
    case 'slow':
      return { rule: rule.kind, kind: 'hold', delayMs: rule.delayMs };
    case 'drop':
      return { rule: rule.kind, kind: 'drop' };
    case 'status':
      return { rule: rule.kind, ...statusFault(rule.status, rule.retryAfter, now) };
    case 'too-many-requests':
      return { rule: rule.kind, ...statusFault(429, rule.retryAfter, now) };
    case 'lost-answer':
      return { rule: rule.kind, kind: 'lose' };
    case 'revoke-consent':
      return { rule: rule.kind, kind: 'revoke' };
    default:
      return undefined;
  }
}
