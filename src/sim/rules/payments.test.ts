import { describe, expect, it } from 'vitest';
import {
  accepted,
  awaitingPayee,
  effectivePaymentStatus,
  isCancellable,
  newPayment,
  paymentBinding,
  payeeMatches,
  settlementPlan,
  withPaymentStatus,
} from './payments.js';
import { finished, newAuthorisation } from './sca.js';

const T0 = new Date('2026-03-02T10:00:00Z');
const HOUR = 3_600_000;
const at = (ms: number) => new Date(T0.getTime() + ms);
const make = (
  over: Record<string, unknown> = {},
  product: 'sepa-credit-transfers' | 'instant-sepa-credit-transfers' = 'sepa-credit-transfers',
) =>
  newPayment({
    paymentId: 'p1',
    product,
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
    now: T0,
  });
const authorisation = newAuthorisation({
  authorisationId: 'a1',
  parent: { kind: 'payment', id: 'p1' },
  tpp: 'PSDDE-BAFIN-1',
  state: 's',
  now: T0,
});

describe('payment status', () => {
  it('starts RCVD and stays so while the ceremony is open', () => {
    expect(effectivePaymentStatus(make(), authorisation, at(14 * 60_000))).toBe('RCVD');
  });

  it('reads RJCT once its authorisation failed or expired without the customer authorising', () => {
    expect(effectivePaymentStatus(make(), authorisation, at(15 * 60_000))).toBe('RJCT');
    expect(effectivePaymentStatus(make(), finished(authorisation, 'failed', T0), T0)).toBe('RJCT');
  });

  it('resolves PDNG to CANC 24 hours after the payee check started, not before', () => {
    const pending = awaitingPayee(make(), T0);
    expect(effectivePaymentStatus(pending, authorisation, at(24 * HOUR - 1))).toBe('PDNG');
    expect(effectivePaymentStatus(pending, authorisation, at(24 * HOUR))).toBe('CANC');
  });

  it('reads ACSC from the settlement instant on', () => {
    const payment = accepted(make({}, 'instant-sepa-credit-transfers'), T0);
    expect(effectivePaymentStatus(payment, authorisation, at(9_999))).toBe('ACSP');
    expect(effectivePaymentStatus(payment, authorisation, at(10_000))).toBe('ACSC');
  });

  it('keeps final states as stored', () => {
    expect(effectivePaymentStatus(withPaymentStatus(make(), 'CANC', T0), authorisation, at(100 * HOUR))).toBe('CANC');
  });
});

describe('settlement timing', () => {
  it('settles instant payments 10 seconds after acceptance, on any day', () => {
    expect(settlementPlan('instant-sepa-credit-transfers', undefined, new Date('2026-03-07T23:59:55Z'))).toEqual({
      settleAt: '2026-03-08T00:00:05.000Z',
      futureDated: false,
    });
  });

  it('settles standard payments at 06:00 UTC on the next TARGET2 business day', () => {
    expect(settlementPlan('sepa-credit-transfers', undefined, new Date('2026-03-03T03:00:00Z')).settleAt).toBe(
      '2026-03-04T06:00:00.000Z',
    );
    expect(settlementPlan('sepa-credit-transfers', undefined, new Date('2026-03-06T10:00:00Z')).settleAt).toBe(
      '2026-03-09T06:00:00.000Z',
    );
    expect(settlementPlan('sepa-credit-transfers', undefined, new Date('2026-04-02T10:00:00Z')).settleAt).toBe(
      '2026-04-07T06:00:00.000Z',
    );
  });

  it('executes future-dated payments at 06:00 UTC on the requested date, standard ones on a business day', () => {
    expect(settlementPlan('sepa-credit-transfers', '2026-03-07', T0)).toEqual({
      settleAt: '2026-03-09T06:00:00.000Z',
      futureDated: true,
    });
    expect(settlementPlan('instant-sepa-credit-transfers', '2026-03-07', T0)).toEqual({
      settleAt: '2026-03-07T06:00:00.000Z',
      futureDated: true,
    });
  });

  it('treats a requested date of today as not future-dated', () => {
    expect(settlementPlan('sepa-credit-transfers', '2026-03-02', T0)).toEqual({
      settleAt: '2026-03-03T06:00:00.000Z',
      futureDated: false,
    });
  });
});

describe('dynamic linking', () => {
  it('binds amount, payee name and IBAN and the debtor, with the amount normalised', () => {
    const base = paymentBinding(make());
    expect(paymentBinding(make({ instructedAmount: { currency: 'EUR', amount: '12.50' } }))).toBe(base);
    expect(paymentBinding(make({ instructedAmount: { currency: 'EUR', amount: '12.51' } }))).not.toBe(base);
    expect(paymentBinding(make({ creditorName: 'Someone Else' }))).not.toBe(base);
    expect(paymentBinding(make({ creditorAccount: { iban: 'GB29NWBK60161331926819' } }))).not.toBe(base);
    expect(paymentBinding(make({ debtorAccount: { iban: 'DE82123456780000100002' } }))).not.toBe(base);
    expect(base).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('payee check', () => {
  it('matches ignoring case and outer spaces only', () => {
    expect(payeeMatches('  jürgen GROß ', 'Jürgen Groß')).toBe(true);
    expect(payeeMatches('Juergen Gross', 'Jürgen Groß')).toBe(false);
    expect(payeeMatches(undefined, 'Jürgen Groß')).toBe(true);
  });
});

describe('cancellation', () => {
  it('is possible while RCVD, PDNG, or accepted for a future date, and not otherwise', () => {
    const future = accepted(make({ requestedExecutionDate: '2026-03-10' }), T0);
    const standard = accepted(make(), T0);
    expect(isCancellable(make(), 'RCVD')).toBe(true);
    expect(isCancellable(make(), 'PDNG')).toBe(true);
    expect(isCancellable(future, 'ACSP')).toBe(true);
    expect(isCancellable(future, 'ACSC')).toBe(false);
    expect(isCancellable(standard, 'ACSP')).toBe(false);
    for (const status of ['ACSC', 'RJCT', 'CANC'] as const) expect(isCancellable(make(), status)).toBe(false);
  });
});
