import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY, retryDelayMs } from './retry.js';

describe('retry delays', () => {
  it('honours Retry-After in seconds', () => {
    expect(retryDelayMs(DEFAULT_RETRY, 0, '1')).toBe(1000);
    expect(retryDelayMs(DEFAULT_RETRY, 2, ' 7 ')).toBe(7000);
  });

  it('honours Retry-After as an HTTP date, counted from now', () => {
    const now = Date.parse('2026-11-24T10:00:00Z');
    expect(retryDelayMs(DEFAULT_RETRY, 0, 'Tue, 24 Nov 2026 10:00:05 GMT', now)).toBe(5000);
    expect(retryDelayMs(DEFAULT_RETRY, 0, 'Tue, 24 Nov 2026 09:00:00 GMT', now)).toBe(0);
  });

  it('doubles its own backoff when the answer names no wait, and reads a malformed Retry-After as none', () => {
    expect([0, 1, 2].map((retry) => retryDelayMs(DEFAULT_RETRY, retry))).toEqual([500, 1000, 2000]);
    expect(retryDelayMs(DEFAULT_RETRY, 1, 'soon')).toBe(1000);
  });

  it('never waits longer than the cap, however long the target asks for', () => {
    expect(retryDelayMs(DEFAULT_RETRY, 0, '3600')).toBe(30_000);
    expect(retryDelayMs({ ...DEFAULT_RETRY, maxDelayMs: 20 }, 0, '1')).toBe(20);
  });
});
