import { describe, expect, it } from 'vitest';
import {
  approve,
  effectiveStatus,
  newConsent,
  requireUsable,
  supersededBy,
  supersessionGroup,
  used,
  withStatus,
} from './consents.js';

const T0 = new Date('2026-03-01T10:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const A = 'DE12123456780000100001';
const B = 'DE82123456780000100002';
const FOREIGN = 'DE89370400440532013000';

const make = (
  over: Partial<Parameters<typeof newConsent>[0]['request']> = {},
  id = 'c1',
  tpp = 'PSDDE-BAFIN-1',
  now = T0,
) =>
  newConsent({
    consentId: id,
    authorisationId: `a-${id}`,
    tpp,
    request: {
      access: { balances: [{ iban: A }], accounts: [{ iban: B }, { iban: FOREIGN }] },
      recurringIndicator: true,
      ...over,
    },
    redirectUri: 'https://tpp.example/cb',
    nokRedirectUri: undefined,
    now,
  });

describe('consent creation', () => {
  it('starts received with frequencyPerDay 4 for recurring, whatever was asked', () => {
    expect(make({ frequencyPerDay: 10 })).toMatchObject({ status: 'received', frequencyPerDay: 4 });
    expect(make({ frequencyPerDay: 1 }).frequencyPerDay).toBe(4);
  });

  it('forces frequencyPerDay 1 on one-off consents and reads an omitted recurringIndicator as one-off', () => {
    expect(make({ recurringIndicator: false, frequencyPerDay: 4 }).frequencyPerDay).toBe(1);
    const omitted = newConsent({
      consentId: 'x',
      authorisationId: 'y',
      tpp: 't',
      request: { access: { accounts: [{ iban: A }] } },
      redirectUri: 'https://a.example',
      nokRedirectUri: undefined,
      now: T0,
    });
    expect(omitted).toMatchObject({ recurringIndicator: false, frequencyPerDay: 1 });
  });
});

describe('approval', () => {
  it('grants only the requested IBANs the customer holds', () => {
    const consent = approve(make(), 'anna', new Set([A, B]), T0);
    expect(consent.granted).toEqual({ accounts: [B], balances: [A], transactions: [] });
  });

  it('caps validUntil silently at 180 days from authentication and honours an earlier one', () => {
    const late = approve(make({ validUntil: '2030-01-01' }), 'anna', new Set([A]), T0);
    expect(late.expiresAt).toBe(new Date(T0.getTime() + 180 * DAY).toISOString());
    expect(late.validUntil).toBe('2026-08-28');
    const early = approve(make({ validUntil: '2026-03-10' }), 'anna', new Set([A]), T0);
    expect(early.validUntil).toBe('2026-03-10');
    expect(early.expiresAt).toBe('2026-03-10T23:59:59.999Z');
  });
});

describe('expiry', () => {
  it('expires a consent once validUntil has passed', () => {
    const consent = approve(make({ validUntil: '2026-03-10' }), 'anna', new Set([A]), T0);
    expect(effectiveStatus(consent, new Date('2026-03-10T23:59:59Z'))).toBe('valid');
    expect(effectiveStatus(consent, new Date('2026-03-11T00:00:00Z'))).toBe('expired');
    expect(() => requireUsable(consent, new Date('2026-03-11T00:00:00Z'))).toThrow(
      expect.objectContaining({ code: 'CONSENT_EXPIRED' }),
    );
  });

  it('expires a one-off consent one idle hour after its last use, and not before a first use', () => {
    const consent = approve(make({ recurringIndicator: false }), 'anna', new Set([A]), T0);
    expect(effectiveStatus(consent, new Date(T0.getTime() + 5 * HOUR))).toBe('valid');
    const once = used(consent, new Date(T0.getTime() + 5 * HOUR));
    expect(effectiveStatus(once, new Date(T0.getTime() + 6 * HOUR - 1))).toBe('valid');
    expect(effectiveStatus(once, new Date(T0.getTime() + 6 * HOUR))).toBe('expired');
  });

  it('keeps a used recurring consent valid however long it idles', () => {
    const consent = used(approve(make(), 'anna', new Set([A]), T0), T0);
    expect(effectiveStatus(consent, new Date(T0.getTime() + 100 * DAY))).toBe('valid');
  });
});

describe('supersession', () => {
  const held = new Set([A, B]);
  const LATER = new Date(T0.getTime() + 1000);
  const valid = (id: string, over = {}, tpp = 'PSDDE-BAFIN-1', createdAt = T0) =>
    approve(make(over, id, tpp, createdAt), 'anna', held, LATER);

  it('terminates the same provider’s earlier recurring consents for the same accounts only', () => {
    const older = valid('old');
    const otherTpp = valid('foreign', {}, 'PSDDE-BAFIN-2');
    const otherAccounts = approve(
      newConsent({
        consentId: 'narrow',
        authorisationId: 'n',
        tpp: 'PSDDE-BAFIN-1',
        request: { access: { accounts: [{ iban: A }] }, recurringIndicator: true },
        redirectUri: 'https://a.example',
        nokRedirectUri: undefined,
        now: T0,
      }),
      'anna',
      held,
      T0,
    );
    const oneOff = valid('once', { recurringIndicator: false });
    const newer = valid('new', {}, 'PSDDE-BAFIN-1', LATER);
    expect(supersededBy(newer, [older, otherTpp, otherAccounts, oneOff, newer], LATER).map((c) => c.consentId)).toEqual(
      ['old'],
    );
  });

  it('ends only consents created earlier: authorising the older of two leaves the newer valid', () => {
    const newer = valid('new', {}, 'PSDDE-BAFIN-1', LATER);
    const older = valid('old');
    expect(supersededBy(older, [older, newer], LATER)).toEqual([]);
    const twin = valid('twin');
    expect(supersededBy(older, [twin], LATER)).toEqual([]);
  });

  it('groups a provider’s valid recurring consents of one kind by customer, and nothing else', () => {
    const older = valid('old');
    expect(supersessionGroup(older)).toBe('PSDDE-BAFIN-1|ais|anna');
    expect(supersessionGroup(valid('foreign', {}, 'PSDDE-BAFIN-2'))).toBe('PSDDE-BAFIN-2|ais|anna');
    expect(supersessionGroup({ ...older, psuId: 'ben' })).toBe('PSDDE-BAFIN-1|ais|ben');
    expect(supersessionGroup({ ...older, kind: 'cof' })).toBe('PSDDE-BAFIN-1|cof|anna');
    expect(supersessionGroup(valid('once', { recurringIndicator: false }))).toBeUndefined();
    expect(supersessionGroup(make())).toBeUndefined(); // received: no customer yet
    expect(supersessionGroup({ ...older, psuId: undefined })).toBeUndefined();
    for (const status of ['revokedByPsu', 'terminatedByTpp', 'rejected'] as const)
      expect(supersessionGroup(withStatus(older, status, LATER))).toBeUndefined();
  });

  it('lets a one-off consent supersede nothing', () => {
    const older = valid('old');
    const oneOff = valid('once', { recurringIndicator: false });
    expect(supersededBy(oneOff, [older], T0)).toEqual([]);
  });
});

describe('unusable consents', () => {
  it('refuse revoked, terminated, rejected and unauthorised consents with CONSENT_INVALID', () => {
    const base = approve(make(), 'anna', new Set([A]), T0);
    for (const status of ['revokedByPsu', 'terminatedByTpp', 'rejected'] as const) {
      expect(() => requireUsable(withStatus(base, status, T0), T0)).toThrow(
        expect.objectContaining({ code: 'CONSENT_INVALID' }),
      );
    }
    expect(() => requireUsable(make(), T0)).toThrow(expect.objectContaining({ code: 'CONSENT_INVALID' }));
  });
});
