import { describe, expect, it } from 'vitest';
import type { DeliveryRecord } from '../store/data.js';
import { afterAttempt, deriveSecret } from './callbacks.js';

const KEY = '11'.repeat(32);
const registration = { url: 'https://tpp.example/hook', registrationId: 'r1', registeredAt: '2026-03-01T10:00:00Z' };
const fresh: DeliveryRecord = {
  eventId: 'e1',
  tpp: 't',
  consentId: 'c',
  url: registration.url,
  body: '{}',
  attempts: [],
  nextAttemptAt: '2026-03-01T10:00:00Z',
  outcome: 'pending',
};
const T0 = Date.parse('2026-03-01T10:00:00Z');

describe('callback rules', () => {
  it('derive a 32-byte hex secret that changes with the registration and never with time', () => {
    const secret = deriveSecret(KEY, 't', registration);
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(deriveSecret(KEY, 't', { ...registration })).toBe(secret);
    expect(deriveSecret(KEY, 't', { ...registration, registrationId: 'r2' })).not.toBe(secret);
    expect(deriveSecret(KEY, 'other', registration)).not.toBe(secret);
  });

  it('retry with growing backoff up to five attempts, then give up', () => {
    let delivery = fresh;
    const gaps: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const at = delivery.nextAttemptAt ? new Date(delivery.nextAttemptAt) : new Date(T0);
      delivery = afterAttempt(delivery, { at, status: 500, error: null }, '30s-doubling');
      if (delivery.nextAttemptAt) gaps.push(Date.parse(delivery.nextAttemptAt) - at.getTime());
    }
    expect(gaps).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(delivery).toMatchObject({ outcome: 'failed', nextAttemptAt: undefined });
    expect(delivery.attempts).toHaveLength(5);
  });

  it('stop at the first 2xx, and retry a connection failure like a non-2xx', () => {
    const failed = afterAttempt(fresh, { at: new Date(T0), status: null, error: 'ECONNREFUSED' }, '30s-doubling');
    expect(failed.outcome).toBe('pending');
    expect(afterAttempt(failed, { at: new Date(T0 + 30_000), status: 204, error: null }, '30s-doubling')).toMatchObject(
      { outcome: 'delivered', nextAttemptAt: undefined },
    );
  });
});
