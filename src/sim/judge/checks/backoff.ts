/**
 * CLIENT-BACKOFF (spec "Errors: Rules" 2: "only 5xx and connection failures are retryable (after a
 * backoff)"; "Limits": Retry-After, "Seconds to wait"). The same request sent again sooner than the
 * Retry-After its failure named is a retry without the backoff the bank asked for. Sandbox time,
 * measured from the moment the failure's answer left.
 *
 * Judged in arrival order: a failure counts only for a request that arrived after its answer left.
 * A client that timed out a slow request and sent it again could not know of a 503 answered to that
 * resend when it sent the first (issue 39). Without a Retry-After the interface does not say how
 * long a backoff is: a resend within MIN_BACKOFF_MS is ADVICE-BACKOFF, a hint.
 */
import { BoundedMap } from '../bounded.js';
import { answeredBefore, failedRetryably, requestKey, type Seen } from '../seen.js';
import { check, line, outcome, PROVIDER_MEMORY, seconds, type Violation } from './check.js';
import { retryAfterMs } from './retry-after-header.js';

/** The pause after a failure that names no Retry-After that the advice asks for (the kit's own first backoff). */
export const MIN_BACKOFF_MS = 500;

interface Failure {
  seen: Seen;
  /** The Retry-After it named, in ms; undefined without one. */
  named: number | undefined;
}

function judged(failure: Failure, seen: Seen): Violation | undefined {
  if (!answeredBefore(failure.seen, seen)) return undefined;
  const waited = seen.atMs - failure.seen.leftMs;
  const wait = failure.named ?? MIN_BACKOFF_MS;
  if (waited >= wait) return undefined;
  const rule = failure.named === undefined ? 'ADVICE-BACKOFF' : 'CLIENT-BACKOFF';
  return {
    rule,
    detail: `${line(seen)} was sent again ${seconds(Math.max(0, waited))} after ${outcome(failure.seen)}, sooner than ${seconds(wait)}${failure.named === undefined ? ' (no Retry-After was named: advice, not a finding)' : ' (its Retry-After)'}.`,
    earlier: [failure.seen],
    ...(seen.consentId ? { consentId: seen.consentId } : {}),
    ...(seen.paymentId ? { paymentId: seen.paymentId } : {}),
  };
}

export const backoff = check({
  rule: 'CLIENT-BACKOFF',
  advice: 'ADVICE-BACKOFF',
  memory: () => new BoundedMap<string, Failure>(PROVIDER_MEMORY),
  judge(memory, seen) {
    // No failure to remember or to forget: the common case, spared the request's key.
    if (memory.size === 0 && !failedRetryably(seen)) return undefined;
    const key = requestKey(seen);
    const failure = memory.get(key);
    const violation = failure && judged(failure, seen);
    // The memory keeps the answer that left last, the newest the client can know: events come in that order.
    if (failedRetryably(seen)) memory.set(key, { seen, named: retryAfterMs(seen) });
    else memory.delete(key);
    return violation;
  },
});
