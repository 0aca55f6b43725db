import { describe, expect, it } from 'vitest';
import { readPaymentProduct, readPaymentRequest } from './payment-request.js';

const TODAY = '2026-03-02';
const DEBTOR = 'DE12123456780000100001';
const CREDITOR = 'DE89370400440532013000';
const valid = (over: Record<string, unknown> = {}) => ({
  debtorAccount: { iban: DEBTOR },
  instructedAmount: { currency: 'EUR', amount: '12.30' },
  creditorAccount: { iban: CREDITOR },
  creditorName: 'Payee GmbH',
  ...over,
});
const refusal = (body: unknown) => {
  try {
    readPaymentRequest(body, TODAY);
  } catch (error) {
    const e = error as { code: string; path?: string };
    return { code: e.code, path: e.path };
  }
  return undefined;
};

describe('PaymentInitiationRequest rules', () => {
  it('accept a minimal request and keep every optional field', () => {
    expect(refusal(valid())).toBeUndefined();
    const full = valid({
      creditorAccount: { iban: CREDITOR, currency: 'EUR', bic: 'DEUTDEFF500' },
      remittanceInformationUnstructured: 'Rechnung 42',
      endToEndIdentification: 'E2E-1',
      requestedExecutionDate: '2026-03-10',
    });
    expect(readPaymentRequest(full, TODAY)).toMatchObject({
      creditorAccount: { bic: 'DEUTDEFF500' },
      requestedExecutionDate: '2026-03-10',
    });
  });

  it('refuse bad debtor and creditor IBANs with FORMAT_ERROR and the field path: pattern, length, checksum', () => {
    expect(refusal(valid({ debtorAccount: { iban: 'de12123456780000100001' } }))).toEqual({
      code: 'FORMAT_ERROR',
      path: 'debtorAccount.iban',
    });
    expect(refusal(valid({ creditorAccount: { iban: 'DE8937040044053201300' } }))).toEqual({
      code: 'FORMAT_ERROR',
      path: 'creditorAccount.iban',
    });
    expect(refusal(valid({ creditorAccount: { iban: 'DE88370400440532013000' } }))).toEqual({
      code: 'FORMAT_ERROR',
      path: 'creditorAccount.iban',
    });
    expect(refusal(valid({ creditorAccount: { iban: 'ZZ89370400440532013000' } }))).toEqual({
      code: 'FORMAT_ERROR',
      path: 'creditorAccount.iban',
    });
  });

  it.each([['0'], ['0.00'], ['1.234'], ['-5'], ['1,000.00'], ['1 000'], [12.3], ['']])(
    'refuse the amount %j with FORMAT_ERROR at instructedAmount.amount',
    (amount) => {
      expect(refusal(valid({ instructedAmount: { currency: 'EUR', amount } }))).toEqual({
        code: 'FORMAT_ERROR',
        path: 'instructedAmount.amount',
      });
    },
  );

  it('refuse a non-EUR currency with PRODUCT_INVALID and its path, wherever it is given', () => {
    expect(refusal(valid({ instructedAmount: { currency: 'USD', amount: '1.00' } }))).toEqual({
      code: 'PRODUCT_INVALID',
      path: 'instructedAmount.currency',
    });
    expect(refusal(valid({ debtorAccount: { iban: DEBTOR, currency: 'CHF' } }))).toEqual({
      code: 'PRODUCT_INVALID',
      path: 'debtorAccount.currency',
    });
    expect(refusal(valid({ creditorAccount: { iban: CREDITOR, currency: 'GBP' } }))).toEqual({
      code: 'PRODUCT_INVALID',
      path: 'creditorAccount.currency',
    });
  });

  it('refuse a currency that is not an ISO code at all as malformed', () => {
    expect(refusal(valid({ instructedAmount: { currency: 'eur', amount: '1.00' } }))).toEqual({
      code: 'FORMAT_ERROR',
      path: 'instructedAmount.currency',
    });
    expect(refusal(valid({ instructedAmount: { amount: '1.00' } }))).toEqual({
      code: 'FORMAT_ERROR',
      path: 'instructedAmount.currency',
    });
  });

  it('refuse missing fields and wrong types with FORMAT_ERROR and the path', () => {
    expect(refusal(null)).toEqual({ code: 'FORMAT_ERROR', path: undefined });
    expect(refusal([valid()])).toEqual({ code: 'FORMAT_ERROR', path: undefined });
    const { debtorAccount: _d, ...noDebtor } = valid();
    expect(refusal(noDebtor)).toEqual({ code: 'FORMAT_ERROR', path: 'debtorAccount' });
    const { instructedAmount: _a, ...noAmount } = valid();
    expect(refusal(noAmount)).toEqual({ code: 'FORMAT_ERROR', path: 'instructedAmount' });
    expect(refusal(valid({ creditorAccount: 'DE89370400440532013000' }))).toEqual({
      code: 'FORMAT_ERROR',
      path: 'creditorAccount',
    });
    expect(refusal(valid({ creditorName: 42 }))).toEqual({ code: 'FORMAT_ERROR', path: 'creditorName' });
    expect(refusal(valid({ creditorName: '   ' }))).toEqual({ code: 'FORMAT_ERROR', path: 'creditorName' });
    expect(refusal(valid({ creditorName: 'x'.repeat(71) }))).toEqual({ code: 'FORMAT_ERROR', path: 'creditorName' });
    expect(refusal(valid({ remittanceInformationUnstructured: 'x'.repeat(141) }))).toEqual({
      code: 'FORMAT_ERROR',
      path: 'remittanceInformationUnstructured',
    });
    expect(refusal(valid({ endToEndIdentification: 'x'.repeat(36) }))).toEqual({
      code: 'FORMAT_ERROR',
      path: 'endToEndIdentification',
    });
    expect(refusal(valid({ creditorAccount: { iban: CREDITOR, bic: 'not a bic' } }))).toEqual({
      code: 'FORMAT_ERROR',
      path: 'creditorAccount.bic',
    });
  });

  it('refuse an execution date that is malformed or in the past, and accept today', () => {
    expect(refusal(valid({ requestedExecutionDate: '2026-02-30' }))).toEqual({
      code: 'FORMAT_ERROR',
      path: 'requestedExecutionDate',
    });
    expect(refusal(valid({ requestedExecutionDate: '2026-03-01' }))).toEqual({
      code: 'FORMAT_ERROR',
      path: 'requestedExecutionDate',
    });
    expect(refusal(valid({ requestedExecutionDate: TODAY }))).toBeUndefined();
  });
});

describe('the payment product in the path', () => {
  it('is one of the two offered products; anything else is RESOURCE_UNKNOWN', () => {
    expect(readPaymentProduct('sepa-credit-transfers')).toBe('sepa-credit-transfers');
    expect(readPaymentProduct('instant-sepa-credit-transfers')).toBe('instant-sepa-credit-transfers');
    for (const other of [undefined, '', 'SEPA-CREDIT-TRANSFERS', 'cross-border-credit-transfers']) {
      expect(() => readPaymentProduct(other)).toThrow(expect.objectContaining({ code: 'RESOURCE_UNKNOWN' }));
    }
  });
});
