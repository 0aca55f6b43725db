import { describe, expect, it } from 'vitest';
import { nextDayStart as nextUtcMidnight } from '../../contract/dates.js';
import { judgeBudget, rateLimitHeaders, usageKey } from './budget.js';

const NOW = new Date('2026-03-01T22:30:00Z');

describe('unattended budget', () => {
  it('allows four unattended accesses and refuses the fifth', () => {
    const verdicts = [0, 1, 2, 3, 4].map((used) => judgeBudget({ limit: 4, used, attended: false, now: NOW }));
    expect(verdicts.map((v) => [v.allowed, v.consumes, v.remaining])).toEqual([
      [true, true, 3],
      [true, true, 2],
      [true, true, 1],
      [true, true, 0],
      [false, false, 0],
    ]);
  });

  it('lets attended requests through without consuming, reporting what is left', () => {
    expect(judgeBudget({ limit: 4, used: 4, attended: true, now: NOW })).toMatchObject({
      allowed: true,
      consumes: false,
      remaining: 0,
    });
    expect(judgeBudget({ limit: 4, used: 1, attended: true, now: NOW })).toMatchObject({ remaining: 3 });
  });

  it('resets at the next UTC midnight and keys usage by UTC day', () => {
    expect(nextUtcMidnight(NOW).toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(usageKey('c', 'balances', NOW)).toBe('c|balances|2026-03-01');
    expect(usageKey('c', 'balances', new Date('2026-03-02T00:00:00Z'))).toBe('c|balances|2026-03-02');
  });

  it('writes the rate-limit headers, and Retry-After in seconds when refused', () => {
    const refused = judgeBudget({ limit: 4, used: 4, attended: false, now: NOW });
    expect(rateLimitHeaders(refused, NOW)).toEqual({
      'X-RateLimit-Limit': '4',
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Reset': String(Date.parse('2026-03-02T00:00:00Z') / 1000),
      'Retry-After': '5400',
    });
  });
});
