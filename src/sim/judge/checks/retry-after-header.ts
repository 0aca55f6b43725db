/** `Retry-After` of an answer (spec "Limits": seconds; an HTTP date is read too), in ms from the request's arrival. */
import type { Seen } from '../seen.js';

export function retryAfterMs(seen: Seen): number | undefined {
  const value = seen.event.answer?.headers['retry-after']?.trim();
  if (value === undefined || value === '') return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - seen.atMs);
}

/** A rate-limit header of an answer as a number, if it is one. */
export function rateLimitHeader(seen: Seen, name: 'x-ratelimit-remaining' | 'x-ratelimit-reset'): number | undefined {
  const value = seen.event.answer?.headers[name]?.trim();
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
}
