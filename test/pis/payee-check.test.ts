/**
 * Needs the SCA decision to handle payments (services/sca/decision.ts wires authorisePayment/rejectPayment).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BalanceResponseSchema, TransactionsResponseSchema } from '../../src/contract/index.js';
import { ibansOf, resourceIdOf, validConsent } from '../helpers/ais.js';
import { authorise, created, INSTANT, paymentRows, STANDARD, transactionStatus, transfer } from '../helpers/pis.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';

let t: TestSandbox;
let anna: string;
let juergen: string;

beforeAll(async () => {
  t = await testSandbox(await certificateFolder(), { clockStart: '2026-03-02T10:00:00Z' });
  anna = ibansOf(t, 'anna')[0]!;
  juergen = ibansOf(t, 'juergen')[0]!;
});
afterAll(() => t.sandbox.close());
beforeEach(() => t.sandbox.reset());

const toJuergen = (creditorName: string | undefined) =>
  transfer(anna, { creditorAccount: { iban: juergen }, creditorName });

/** A payment to Jürgen Groß under another name, authorised by Anna: it waits in PDNG. */
async function pendingPayment(product: string = STANDARD) {
  const payment = await created(t, toJuergen('Juergen Gross'), { product });
  await authorise(t, payment.authorisationId, 'anna');
  return payment;
}

async function annasMoney() {
  const consentId = await validConsent(t, [anna], { psuId: 'anna' });
  const read = (what: string) =>
    t.call({
      path: `/v1/accounts/${resourceIdOf(t, anna)}/${what}`,
      client: t.tpp,
      headers: { 'Consent-ID': consentId, 'PSU-IP-Address': '192.0.2.1' },
    });
  return async () => {
    const balances = BalanceResponseSchema.parse((await read('balances')).json).balances.map(
      (b) => b.balanceAmount.amount,
    );
    const { transactions } = TransactionsResponseSchema.parse((await read('transactions?bookingStatus=both')).json);
    const ours = (rows: typeof transactions.pending) =>
      (rows ?? []).filter((row) => row.remittanceInformationUnstructured === 'Invoice 42').length;
    return { balances, pending: ours(transactions.pending), booked: ours(transactions.booked) };
  };
}

describe('verification of payee', () => {
  it('holds an authorised payment whose creditorName differs from the holder’s in PDNG, with the money reserved', async () => {
    const money = await annasMoney();
    const before = await money();
    const { paymentId } = await pendingPayment();
    expect(await transactionStatus(t, paymentId)).toBe('PDNG');
    const after = await money();
    expect(after.pending).toBe(1);
    expect(after.balances[0]).toBe(before.balances[0]);
    expect(Number(after.balances[1])).toBeCloseTo(Number(before.balances[1]) - 12.3, 2);
    expect((await paymentRows(t))[0]).toMatchObject({ transactionStatus: 'PDNG', psuId: 'anna' });
  });

  it('lets the payment through at once when the name matches ignoring case and outer spaces, or no name is sent', async () => {
    for (const name of ['  jürgen GROSS '.replace('GROSS', 'GROß'), undefined]) {
      const { paymentId, authorisationId } = await created(t, toJuergen(name), { product: INSTANT });
      await authorise(t, authorisationId, 'anna');
      expect(await transactionStatus(t, paymentId, INSTANT), String(name)).toBe('ACSP');
    }
  });

  it('confirm → ACSP, then settlement as usual', async () => {
    const { paymentId } = await pendingPayment(INSTANT);
    const answer = await t.control(`/payments/${paymentId}/payee`, { body: { confirm: true } });
    expect([answer.status, answer.json]).toEqual([200, { transactionStatus: 'ACSP' }]);
    expect(await transactionStatus(t, paymentId, INSTANT)).toBe('ACSP');
    await t.sandbox.clock.advance('PT10S');
    expect(await transactionStatus(t, paymentId, INSTANT)).toBe('ACSC');
  });

  it('refuse → RJCT, and the reserved money is released', async () => {
    const money = await annasMoney();
    const before = await money();
    const { paymentId } = await pendingPayment();
    const answer = await t.control(`/payments/${paymentId}/payee`, { body: { confirm: false } });
    expect(answer.json).toEqual({ transactionStatus: 'RJCT' });
    expect(await transactionStatus(t, paymentId)).toBe('RJCT');
    expect(await money()).toEqual(before);
  });

  it('no answer within 24 hours → CANC, and the reserved money is released', async () => {
    const money = await annasMoney();
    const before = await money();
    const { paymentId } = await pendingPayment();
    await t.sandbox.clock.advance('PT23H59M');
    expect(await transactionStatus(t, paymentId)).toBe('PDNG');
    await t.sandbox.clock.advance('PT1M');
    expect(await transactionStatus(t, paymentId)).toBe('CANC');
    expect(await money()).toEqual(before);
    const late = await t.control(`/payments/${paymentId}/payee`, { body: { confirm: true } });
    expect(late.status).toBe(400);
  });

  it('can be cancelled by the provider while PDNG: CANC at once, and the reserved money is released', async () => {
    const money = await annasMoney();
    const before = await money();
    const { paymentId } = await pendingPayment();
    const deleted = await t.call({ method: 'DELETE', path: `/v1/payments/${STANDARD}/${paymentId}`, client: t.tpp });
    expect([deleted.status, deleted.json]).toEqual([200, { transactionStatus: 'CANC' }]);
    expect(await money()).toEqual(before);
  });
});
