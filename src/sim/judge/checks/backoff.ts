/**
 * CLIENT-BACKOFF (spec "Errors: Rules" 2: "only 5xx and connection failures are retryable (after a
 * backoff)"; 4: a Retry-After says how long). The same request sent again sooner than the answer's
 * Retry-After, or within half a second when it named none, is a retry without a backoff. Half a
 * second is the conformance kit's own first backoff. Sandbox time, measured from the failure.
 */
import { BoundedMap } from '../bounded.js';
import { failedRetryably, requestKey, type Seen } from '../seen.js';
import { check, line, outcome, PROVIDER_MEMORY, seconds } from './check.js';
import { retryAfterMs } from './retry-after-header.js';

/** The shortest pause after a failure that names no Retry-After. */
export const MIN_BACKOFF_MS = 500;

interface Failure {
  seen: Seen;
  failedMs: number;
  waitMs: number;
}

export const backoff = check({
  rule: 'CLIENT-BACKOFF',
  memory: () => new BoundedMap<string, Failure>(PROVIDER_MEMORY),
  judge(memory, seen) {
    // No failure to remember or to forget: the common case, spared the request's key.
    if (memory.size === 0 && !failedRetryably(seen)) return undefined;
    const key = requestKey(seen);
    const failure = memory.get(key);
    const soon = failure !== undefined && seen.atMs - failure.failedMs < failure.waitMs;
    if (failedRetryably(seen)) {
      const named = retryAfterMs(seen);
      const failedMs = seen.atMs + seen.event.latencyMs;
      memory.set(key, { seen, failedMs, waitMs: named ?? MIN_BACKOFF_MS });
    } else memory.delete(key);
    if (!soon) return undefined;
    return {
      rule: 'CLIENT-BACKOFF',
      detail: `${line(seen)} was sent again ${seconds(Math.max(0, seen.atMs - failure.failedMs))} after ${outcome(failure.seen)}, sooner than ${seconds(failure.waitMs)}${retryAfterMs(failure.seen) === undefined ? ' (no Retry-After: the least backoff)' : ' (its Retry-After)'}.`,
      earlier: [failure.seen],
      ...(seen.consentId ? { consentId: seen.consentId } : {}),
      ...(seen.paymentId ? { paymentId: seen.paymentId } : {}),
    };
  },
});
