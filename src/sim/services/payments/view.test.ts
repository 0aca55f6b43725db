import { describe, expect, it } from 'vitest';
import { newPayment } from '../../rules/payments.js';
import { paymentView } from './view.js';

const make = (over: Record<string, unknown> = {}) =>
  newPayment({
    paymentId: 'p1',
    product: 'sepa-credit-transfers',
    tpp: 'PSDDE-BAFIN-1',
    request: {
      debtorAccount: { iban: 'DE12123456780000100001' },
      instructedAmount: { currency: 'EUR', amount: '12.5' },
      creditorAccount: { iban: 'DE89370400440532013000' },
      creditorName: 'Payee GmbH',
      ...over,
    },
    redirectUri: 'https://tpp.example/cb',
    nokRedirectUri: undefined,
    authorisationId: 'a1',
    now: new Date('2026-03-02T10:00:00Z'),
  });

describe('payment view', () => {
  it('shows the accounts, the amount as sent and the neutral remittance when none was given', () => {
    expect(
      paymentView(
        make({ creditorAccount: { iban: 'DE89370400440532013000', currency: 'EUR', bic: 'DEUTDEFF500' } }),
        'RCVD',
      ),
    ).toEqual({
      transactionStatus: 'RCVD',
      debtorAccount: { iban: 'DE12123456780000100001' },
      creditorAccount: { iban: 'DE89370400440532013000', currency: 'EUR' },
      instructedAmount: { currency: 'EUR', amount: '12.5' },
      creditorName: 'Payee GmbH',
      remittanceInformationUnstructured: 'SEPA credit transfer',
    });
    expect(paymentView(make({ creditorName: undefined }), 'RCVD')).not.toHaveProperty('creditorName');
  });
});
