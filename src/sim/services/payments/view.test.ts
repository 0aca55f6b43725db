import { describe, expect, it } from 'vitest';
import type { PaymentRecord } from '../../store/data.js';
import { paymentView } from './view.js';

const AT = '2026-03-02T10:00:00.000Z';
const stored: PaymentRecord = {
  paymentId: 'p1',
  product: 'sepa-credit-transfers',
  tpp: 'PSDDE-BAFIN-1',
  status: 'RCVD',
  debtorIban: 'DE12123456780000100001',
  debtorCurrency: undefined,
  creditorIban: 'DE89370400440532013000',
  creditorCurrency: 'EUR',
  creditorBic: 'DEUTDEFF500',
  creditorName: 'Payee GmbH',
  amount: '12.5',
  remittanceInformationUnstructured: undefined,
  endToEndIdentification: undefined,
  requestedExecutionDate: undefined,
  redirectUri: 'https://tpp.example/cb',
  nokRedirectUri: undefined,
  authorisationId: 'a1',
  createdAt: AT,
  statusChangedAt: AT,
};

describe('payment view', () => {
  it('shows the accounts, the amount as sent and the neutral remittance when none was given', () => {
    expect(paymentView(stored, 'RCVD')).toEqual({
      transactionStatus: 'RCVD',
      debtorAccount: { iban: 'DE12123456780000100001' },
      creditorAccount: { iban: 'DE89370400440532013000', currency: 'EUR' },
      instructedAmount: { currency: 'EUR', amount: '12.5' },
      creditorName: 'Payee GmbH',
      remittanceInformationUnstructured: 'SEPA credit transfer',
    });
    expect(paymentView({ ...stored, creditorName: undefined }, 'ACSC')).not.toHaveProperty('creditorName');
  });
});
