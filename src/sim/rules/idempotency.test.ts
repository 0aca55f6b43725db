import { describe, expect, it } from 'vitest';
import { bodyDigest, canonicalJson, judgeKey, keyOf } from './idempotency.js';

const T0 = new Date('2026-03-02T10:00:00Z');
const HOUR = 3_600_000;
const binding = { paymentId: 'p1', bodyDigest: bodyDigest({ a: 1 }), boundAt: T0.toISOString() };

describe('idempotency keys', () => {
  it('write the same canonical JSON whatever the key order, at every depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 'x' }], c: null } })).toBe(
      '{"a":{"c":null,"d":[2,{"y":"x","z":1}]},"b":1}',
    );
    expect(bodyDigest({ x: { b: '1', a: '2' }, y: true })).toBe(bodyDigest({ y: true, x: { a: '2', b: '1' } }));
    expect(bodyDigest({ amount: '12.5' })).not.toBe(bodyDigest({ amount: '12.50' }));
  });

  it('read a UUID key the same in either case', () => {
    expect(keyOf('3F1C2B9E-6D7A-4C1E-9B2F-0A1B2C3D4E5F')).toBe(keyOf('3f1c2b9e-6d7a-4c1e-9b2f-0a1b2c3d4e5f'));
  });

  it('create a payment for an unbound key', () => {
    expect(judgeKey(undefined, 'anything', T0)).toEqual({ kind: 'new' });
  });

  it('replay the payment for the same body, at any time', () => {
    expect(judgeKey(binding, bodyDigest({ a: 1 }), T0)).toEqual({ kind: 'replay', paymentId: 'p1' });
    expect(judgeKey(binding, bodyDigest({ a: 1 }), new Date(T0.getTime() + 1000 * HOUR))).toEqual({
      kind: 'replay',
      paymentId: 'p1',
    });
  });

  it('refuse a different body for 48 hours, then resolve any body to the original payment', () => {
    expect(judgeKey(binding, bodyDigest({ a: 2 }), new Date(T0.getTime() + 48 * HOUR - 1))).toEqual({
      kind: 'conflict',
    });
    expect(judgeKey(binding, bodyDigest({ a: 2 }), new Date(T0.getTime() + 48 * HOUR))).toEqual({
      kind: 'replay',
      paymentId: 'p1',
    });
  });
});
