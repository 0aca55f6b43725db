import { describe, expect, it } from 'vitest';
import { readCofConsentRequest, readFundsRequest } from './cof-request.js';
import { readConsentRequest } from './consent-request.js';
import { XsError } from './errors.js';
import { readPaymentRequest } from './payment-request.js';

const refusal = (read: () => unknown) => {
  try {
    read();
  } catch (error) {
    if (error instanceof XsError) return { code: error.code, path: error.path, text: error.message };
    throw error;
  }
  return undefined;
};

const amount = { currency: 'EUR', amount: '10.00' };
const IBAN = 'DE89370400440532013000';

describe('an account named by anything but an IBAN', () => {
  it('is refused in a consent at the card reference, saying card accounts are outside the interface', () => {
    expect(
      refusal(() =>
        readConsentRequest({ access: { accounts: [{ iban: IBAN }, { maskedPan: '123456xxxxxx1234' }] } }, '2026-03-02'),
      ),
    ).toEqual({
      code: 'FORMAT_ERROR',
      path: 'access.accounts.1.maskedPan',
      text: 'access.accounts.1.maskedPan: card accounts are outside this interface (EUR/SEPA accounts only); name the account by its iban.',
    });
    expect(
      refusal(() => readConsentRequest({ access: { balances: [{ pan: '4111111111111111' }] } }, '2026-03-02')),
    ).toMatchObject({
      path: 'access.balances.0.pan',
    });
  });

  it('is refused wherever an account is referenced: payments, CoF consents and confirmations', () => {
    expect(
      refusal(() =>
        readPaymentRequest(
          { debtorAccount: { bban: '370400440532013000' }, creditorAccount: { iban: IBAN }, instructedAmount: amount },
          '2026-03-02',
        ),
      ),
    ).toMatchObject({
      code: 'FORMAT_ERROR',
      path: 'debtorAccount.bban',
      text: expect.stringContaining('named by IBAN only'),
    });
    expect(
      refusal(() =>
        readPaymentRequest(
          { debtorAccount: { iban: IBAN }, creditorAccount: { msisdn: '+491701234567' }, instructedAmount: amount },
          '2026-03-02',
        ),
      ),
    ).toMatchObject({ path: 'creditorAccount.msisdn' });
    expect(
      refusal(() => readCofConsentRequest({ account: { maskedPan: '123456xxxxxx1234' } }, '2026-03-02')),
    ).toMatchObject({
      path: 'account.maskedPan',
    });
    expect(
      refusal(() => readFundsRequest({ account: { other: { identification: 'x' } }, instructedAmount: amount })),
    ).toMatchObject({
      path: 'account.other',
    });
  });

  it('leaves a reference with an IBAN, or with nothing at all, to the usual checks', () => {
    expect(refusal(() => readConsentRequest({ access: { accounts: [{}] } }, '2026-03-02'))).toMatchObject({
      code: 'FORMAT_ERROR',
      path: 'access.accounts.0.iban',
    });
    expect(
      refusal(() => readConsentRequest({ access: { accounts: [{ iban: IBAN, maskedPan: 'x' }] } }, '2026-03-02')),
    ).toBeUndefined();
  });
});
