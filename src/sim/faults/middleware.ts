/**
 * Request faults on the XS2A API, asked by the lifecycle's `faults` stage before anything is read or
 * stored: a faulted request creates, registers and consumes nothing, except a slow one, handled as
 * usual and answered late. Each fault names the rule kind that made it (the `exchange` event reports it).
 */
import { BAD_GATEWAY_PAGE } from './bad-gateway-page.js';
import type { FaultInjector } from './injector.js';
import type { FaultTarget } from './pick.js';
import type { RequestFaultKind } from './schema.js';

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
  );

export function requestFault(
  faults: FaultInjector,
  target: Extract<FaultTarget, { family: 'request' }>,
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
    default:
      return undefined;
  }
}
