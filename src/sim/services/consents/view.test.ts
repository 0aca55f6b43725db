import { describe, expect, it } from 'vitest';
import { approve, newConsent } from '../../rules/consents.js';
import { consentView } from './view.js';

const T0 = new Date('2026-03-01T10:00:00Z');
const A = 'DE12123456780000100001';
const B = 'DE82123456780000100002';
const FOREIGN = 'DE89370400440532013000';

const requested = newConsent({
  consentId: 'c1',
  authorisationId: 'a-c1',
  tpp: 'PSDDE-BAFIN-1',
  request: {
    access: { balances: [{ iban: A, currency: 'EUR' }], accounts: [{ iban: B }, { iban: FOREIGN }] },
    recurringIndicator: true,
  },
  redirectUri: 'https://tpp.example/cb',
  nokRedirectUri: undefined,
  now: T0,
});

describe('consent view', () => {
  it('reads back the request before approval and the grant after, with the currencies asked for', () => {
    expect(consentView(requested, T0)).toMatchObject({
      consentStatus: 'received',
      access: { accounts: [{ iban: B }, { iban: FOREIGN }], balances: [{ iban: A, currency: 'EUR' }] },
    });
    expect(consentView(approve(requested, 'anna', new Set([A, B]), T0), T0)).toMatchObject({
      consentStatus: 'valid',
      access: { accounts: [{ iban: B }], balances: [{ iban: A, currency: 'EUR' }] },
      _links: { self: { href: '/v1/consents/c1' }, status: { href: '/v1/consents/c1/status' } },
    });
  });
});
