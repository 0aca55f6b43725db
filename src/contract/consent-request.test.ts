import { describe, expect, it } from 'vitest';
import { readConsentRequest } from './consent-request.js';

const TODAY = '2026-03-01';
const IBAN = 'DE12123456780000100001';
const refusal = (body: unknown) => {
  try {
    readConsentRequest(body, TODAY);
  } catch (error) {
    const e = error as { code: string; path?: string };
    return { code: e.code, path: e.path };
  }
  return undefined;
};

describe('ConsentRequest rules', () => {
  it('accept dedicated accounts and keep unknown but well-formed IBANs', () => {
    expect(
      readConsentRequest({ access: { balances: [{ iban: 'DE89370400440532013000' }] } }, TODAY).access.balances,
    ).toEqual([{ iban: 'DE89370400440532013000' }]);
  });

  it('refuse availableAccounts, availableAccountsWithBalance and allPsd2 with SERVICE_INVALID', () => {
    expect(refusal({ access: { availableAccounts: 'allAccounts' } })).toEqual({
      code: 'SERVICE_INVALID',
      path: 'access.availableAccounts',
    });
    expect(refusal({ access: { availableAccountsWithBalance: 'allAccounts' } })).toEqual({
      code: 'SERVICE_INVALID',
      path: 'access.availableAccountsWithBalance',
    });
    expect(refusal({ access: { allPsd2: 'allAccounts', accounts: [{ iban: IBAN }] } })).toEqual({
      code: 'SERVICE_INVALID',
      path: 'access.allPsd2',
    });
  });

  it('refuse combinedServiceIndicator true and accept false', () => {
    expect(refusal({ access: { accounts: [{ iban: IBAN }] }, combinedServiceIndicator: true })).toEqual({
      code: 'SERVICE_INVALID',
      path: 'combinedServiceIndicator',
    });
    expect(refusal({ access: { accounts: [{ iban: IBAN }] }, combinedServiceIndicator: false })).toBeUndefined();
  });

  it('refuse bad IBANs with FORMAT_ERROR and the path of the field', () => {
    expect(refusal({ access: { balances: [{ iban: IBAN }, { iban: 'DE00123456780000100001' }] } })).toEqual({
      code: 'FORMAT_ERROR',
      path: 'access.balances.1.iban',
    });
    expect(refusal({ access: { accounts: [{ iban: 'DE1212345678000010000' }] } })).toEqual({
      code: 'FORMAT_ERROR',
      path: 'access.accounts.0.iban',
    });
    expect(refusal({ access: { transactions: [{ iban: 'de12123456780000100001' }] } })).toEqual({
      code: 'FORMAT_ERROR',
      path: 'access.transactions.0.iban',
    });
  });

  it('refuse malformed fields, an empty access and a past validUntil', () => {
    expect(refusal(null)).toEqual({ code: 'FORMAT_ERROR', path: undefined });
    expect(refusal({})).toEqual({ code: 'FORMAT_ERROR', path: 'access' });
    expect(refusal({ access: {} })).toEqual({ code: 'FORMAT_ERROR', path: 'access' });
    expect(refusal({ access: { accounts: [{ iban: IBAN }] }, validUntil: '2026-02-30' })).toEqual({
      code: 'FORMAT_ERROR',
      path: 'validUntil',
    });
    expect(refusal({ access: { accounts: [{ iban: IBAN }] }, validUntil: '2026-02-28' })).toEqual({
      code: 'FORMAT_ERROR',
      path: 'validUntil',
    });
    expect(refusal({ access: { accounts: [{ iban: IBAN }] }, frequencyPerDay: 0 })).toEqual({
      code: 'FORMAT_ERROR',
      path: 'frequencyPerDay',
    });
    expect(refusal({ access: { accounts: [{ iban: IBAN }] }, recurringIndicator: 'yes' })).toEqual({
      code: 'FORMAT_ERROR',
      path: 'recurringIndicator',
    });
    expect(refusal({ access: { accounts: [{ iban: IBAN, currency: 'USD' }] } })).toEqual({
      code: 'FORMAT_ERROR',
      path: 'access.accounts.0.currency',
    });
  });
});
