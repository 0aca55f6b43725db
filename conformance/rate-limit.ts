/**
 * The rate-limit headers of capped operations and their absence on uncapped ones (spec "Limits":
 * X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset and Retry-After are integers; uncapped
 * operations answer no 429 and carry none of them).
 */
import type { Reply } from '../src/kit/client.js';
import { ensure, ensureEqual } from '../src/kit/failure.js';

export const LIMIT_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'] as const;

/** A rate-limit header as the integer the interface types it as; anything else fails the check. */
export function intHeader(reply: Reply, name: string): number {
  const value = reply.header(name);
  ensure(value !== undefined && /^\d+$/.test(value), `${name} is an integer header, got ${String(value)}`, {
    actual: value ?? null,
    exchange: reply.evidence,
  });
  return Number(value);
}

/** An answer of an uncapped operation: never 429, and none of the rate-limit headers nor Retry-After. */
export function expectUncapped(reply: Reply, what: string): void {
  ensure(reply.status !== 429, `${what} answered 429: it is not capped`, {
    actual: reply.json ?? reply.text,
    exchange: reply.evidence,
  });
  for (const name of [...LIMIT_HEADERS, 'Retry-After'])
    ensureEqual(reply.header(name), undefined, `${name} on ${what} (an uncapped operation)`);
}
