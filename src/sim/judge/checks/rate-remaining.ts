/**
 * CLIENT-RATE-REMAINING (spec "Limits": `X-RateLimit-Remaining`, "unattended accesses left for this
 * data type today"; `X-RateLimit-Reset`, the next midnight UTC). A successful answer that reported
 * nothing left makes an unattended request for the same consent and data type before the reset a
 * request that can only meet a 429. After a 429, CLIENT-RETRY-AFTER judges instead.
 */
import { BoundedMap } from '../bounded.js';
import { answeredBefore, arrivedAfter, type Seen } from '../seen.js';
import { check, line, PROVIDER_MEMORY } from './check.js';
import { rateLimitHeader } from './retry-after-header.js';

interface Spent {
  seen: Seen;
  resetMs: number;
}

export const rateRemaining = check({
  rule: 'CLIENT-RATE-REMAINING',
  memory: () => new BoundedMap<string, Spent>(PROVIDER_MEMORY),
  judge(memory, seen) {
    if (!seen.dataType || !seen.consentId) return undefined;
    // Nothing spent to remember (an attended read carries no rate-limit headers) or to forget: the common case.
    if (memory.size === 0 && seen.status !== 429 && seen.event.answer?.headers['x-ratelimit-remaining'] === undefined)
      return undefined;
    const key = `${seen.consentId}|${seen.dataType}`;
    const spent = memory.get(key);
    const early =
      spent !== undefined && answeredBefore(spent.seen, seen) && !seen.attended && seen.atMs < spent.resetMs;
    const remaining = rateLimitHeader(seen, 'x-ratelimit-remaining');
    const reset = rateLimitHeader(seen, 'x-ratelimit-reset');
    if (spent !== undefined && !arrivedAfter(seen, spent.seen)) {
      // An older request answered late: the newer answer's count stands.
    } else if (seen.status !== null && seen.status < 300 && remaining === 0 && reset !== undefined)
      memory.set(key, { seen, resetMs: reset * 1000 });
    else if (seen.status === 429 || (remaining !== undefined && remaining > 0)) memory.delete(key);
    if (!early) return undefined;
    return {
      rule: 'CLIENT-RATE-REMAINING',
      detail: `${line(seen)} was sent unattended after an answer reported X-RateLimit-Remaining: 0 for this consent and data type, before its X-RateLimit-Reset (${new Date(spent.resetMs).toISOString()}).`,
      earlier: [spent.seen],
      consentId: seen.consentId,
    };
  },
});
