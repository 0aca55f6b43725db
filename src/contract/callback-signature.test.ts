import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signCallback, verifyCallbackSignature } from './callback-signature.js';

const SECRET = 'ab'.repeat(32);
const BODY = '{"eventId":"e1","consentId":"c1","consentStatus":"revokedByPsu","revokedAt":"2026-03-01T10:00:00.000Z"}';
const T = 1_772_359_200;
const at = (seconds: number) => new Date(seconds * 1000);

describe('callback signatures', () => {
  it('sign t=<unix>,v1=<hex HMAC-SHA256 over "<t>.<raw body>"> keyed with the secret bytes', () => {
    const expected = createHmac('sha256', Buffer.from(SECRET, 'hex')).update(`${T}.${BODY}`).digest('hex');
    expect(signCallback(BODY, SECRET, T)).toBe(`t=${T},v1=${expected}`);
  });

  it('verify a fresh signature over the raw bytes', () => {
    expect(verifyCallbackSignature(BODY, signCallback(BODY, SECRET, T), SECRET, at(T + 10))).toEqual({
      ok: true,
      t: T,
    });
  });

  it('take hex in either case, the secret and v1 alike: the interface names no case', () => {
    const [t, v1] = signCallback(BODY, SECRET, T).split(',');
    const upper = `${t},v1=${v1!.slice(3).toUpperCase()}`;
    expect(verifyCallbackSignature(BODY, upper, SECRET.toUpperCase(), at(T))).toEqual({ ok: true, t: T });
    expect(verifyCallbackSignature(BODY, upper, 'cd'.repeat(32), at(T))).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('refuse a signature more than 300 seconds from the receiver clock, either way', () => {
    expect(verifyCallbackSignature(BODY, signCallback(BODY, SECRET, T), SECRET, at(T + 300))).toEqual({
      ok: true,
      t: T,
    });
    expect(verifyCallbackSignature(BODY, signCallback(BODY, SECRET, T), SECRET, at(T + 301))).toEqual({
      ok: false,
      reason: 'stale',
    });
    expect(verifyCallbackSignature(BODY, signCallback(BODY, SECRET, T), SECRET, at(T - 301))).toEqual({
      ok: false,
      reason: 'stale',
    });
  });

  it('refuse a re-serialised body, another secret and a malformed header', () => {
    const header = signCallback(BODY, SECRET, T);
    expect(verifyCallbackSignature(JSON.stringify(JSON.parse(BODY), null, 1), header, SECRET, at(T))).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(verifyCallbackSignature(BODY, header, 'cd'.repeat(32), at(T))).toEqual({ ok: false, reason: 'mismatch' });
    for (const bad of [undefined, '', 'v1=abc', `t=${T}`, `t=x,v1=${'0'.repeat(64)}`, `t=${T},v1=zz`]) {
      expect(verifyCallbackSignature(BODY, bad, SECRET, at(T))).toEqual({ ok: false, reason: 'malformed' });
    }
  });
});
