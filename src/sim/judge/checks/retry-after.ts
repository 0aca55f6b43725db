/**
 * CLIENT-RETRY-AFTER (spec "Errors: Rules" 4: "429 carries Retry-After (seconds) and the rate-limit
 * headers; retrying sooner cannot succeed"; "Limits": budgets per consent and data type). A 429 of
 * a consent-gated read holds back that consent's data type; one of any other operation (a fault)
 * holds back that operation. Sandbox time: a test moves the clock instead of waiting.
 */
import { BoundedMap } from '../bounded.js';
import { answeredBefore, arrivedAfter, type Seen } from '../seen.js';
import { check, line, PROVIDER_MEMORY, seconds } from './check.js';
import { rateLimitHeader, retryAfterMs } from './retry-after-header.js';

interface Held {
  seen: Seen;
  untilMs: number;
}

/** What a 429 holds back: the consent's data type, or the operation (the path when no endpoint has it). */
export function throttleKey(seen: Seen): string {
  if (seen.dataType && seen.consentId) return `${seen.consentId}|${seen.dataType}`;
  return `${seen.method} ${seen.operationId ?? seen.event.request.path}`;
}

export const retryAfter = check({
  rule: 'CLIENT-RETRY-AFTER',
  memory: () => new BoundedMap<string, Held>(PROVIDER_MEMORY),
  judge(memory, seen) {
    // No 429 to remember or to hold a request to: the common case, spared the key.
    if (memory.size === 0 && seen.status !== 429) return undefined;
    const key = throttleKey(seen);
    const held = memory.get(key);
    // Attended requests are uncapped ("Limits"): a 429 of an unattended one does not hold them back.
    // Only a 429 that left before the request arrived can hold it back (arrival order).
    const bound =
      held !== undefined &&
      answeredBefore(held.seen, seen) &&
      seen.atMs < held.untilMs &&
      (!seen.attended || held.seen.attended);
    if (held !== undefined && !arrivedAfter(seen, held.seen)) {
      // An older request answered late: what the newer 429 asked for stands.
    } else if (seen.status === 429) {
      const wait = retryAfterMs(seen);
      // A budget's Retry-After is rounded up to whole seconds; a client that waits for the reset it names is not early.
      const reset = rateLimitHeader(seen, 'x-ratelimit-reset');
      const untilMs = Math.min(seen.atMs + (wait ?? 0), reset === undefined ? Infinity : reset * 1000);
      if (wait !== undefined) memory.set(key, { seen, untilMs });
    } else if (held && seen.atMs >= held.untilMs) memory.delete(key);
    if (!bound) return undefined;
    return {
      rule: 'CLIENT-RETRY-AFTER',
      detail: `${line(seen)} was sent ${seconds(seen.atMs - held.seen.atMs)} after a 429 whose Retry-After asked for ${seconds(retryAfterMs(held.seen) ?? 0)}.`,
      earlier: [held.seen],
      ...(seen.consentId ? { consentId: seen.consentId } : {}),
    };
  },
});
