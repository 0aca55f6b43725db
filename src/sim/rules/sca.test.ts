import { describe, expect, it } from 'vitest';
import { effectiveScaStatus, finished, isOpen, newAuthorisation, otpRejected, started } from './sca.js';

const T0 = new Date('2026-03-01T10:00:00Z');
const fresh = () =>
  newAuthorisation({ authorisationId: 'a1', parent: { kind: 'consent', id: 'c1' }, tpp: 't', state: 's', now: T0 });

describe('authorisation', () => {
  it('lives 15 minutes, then reads failed and cannot be acted on', () => {
    const authorisation = started(fresh(), 'anna');
    expect(effectiveScaStatus(authorisation, new Date(T0.getTime() + 15 * 60_000 - 1))).toBe('started');
    expect(effectiveScaStatus(authorisation, new Date(T0.getTime() + 15 * 60_000))).toBe('failed');
    expect(isOpen(authorisation, new Date(T0.getTime() + 15 * 60_000))).toBe(false);
  });

  it('keeps a finalised status after the 15 minutes', () => {
    expect(effectiveScaStatus(finished(fresh(), 'finalised', T0), new Date(T0.getTime() + 3_600_000))).toBe(
      'finalised',
    );
  });

  it('fails on the third wrong one-time code', () => {
    let authorisation = started(fresh(), 'anna');
    authorisation = otpRejected(authorisation, T0);
    authorisation = otpRejected(authorisation, T0);
    expect(authorisation.scaStatus).toBe('started');
    authorisation = otpRejected(authorisation, T0);
    expect(authorisation.scaStatus).toBe('failed');
  });
});
