/**
 * The interface's retry rule, followed as a well-made client follows it (spec "Errors", rules 2-4):
 * only 5xx answers and connection failures are tried again, after a backoff — the `Retry-After` a
 * 5xx carries when it carries one, capped so a target cannot stall a run — a bounded number of
 * times. A 4xx is an answer, never retried. A payment initiation is repeated under the same
 * `X-Request-ID`, its idempotency key, so a retry can never pay twice.
 */

export interface RetryPolicy {
  /** Attempts after the first. */
  retries: number;
  /** The wait before the first retry when the answer names none; doubled for each retry after it. */
  backoffMs: number;
  /** The longest wait the kit accepts, from `Retry-After` or its own backoff. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 3, backoffMs: 500, maxDelayMs: 30_000 };

/** No retries: one attempt, whatever it meets (the preflight probe, a step that wants the first answer). */
export const NO_RETRY: RetryPolicy = { retries: 0, backoffMs: 0, maxDelayMs: 0 };

/**
 * Milliseconds to wait before retry number `retry` (0 for the first): `Retry-After` in seconds or as
 * an HTTP date when the answer carries it, else the doubling backoff; never more than the cap.
 */
export function retryDelayMs(policy: RetryPolicy, retry: number, retryAfter?: string, now = Date.now()): number {
  const named = retryAfterMs(retryAfter, now);
  const delay = named ?? policy.backoffMs * 2 ** retry;
  return Math.max(0, Math.min(delay, policy.maxDelayMs));
}

function retryAfterMs(value: string | undefined, now: number): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export function isServerError(status: number): boolean {
  return status >= 500 && status < 600;
}
