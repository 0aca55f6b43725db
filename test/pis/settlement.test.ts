/**
 * Needs the SCA decision to handle payments (services/sca/decision.ts wires authorisePayment/rejectPayment).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BalanceResponseSchema, TransactionsResponseSchema } from '../../src/contract/index.js';
import { codeOf, ibansOf, resourceIdOf, validConsent } from '../helpers/ais.js';
import { authorise, created, INSTANT, STANDARD, transactionStatus, transfer } from '../helpers/pis.js';
import { readDataFile } from '../helpers/data-file.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';

let certs: string;
let t: TestSandbox;
let anna: string;
let clara: string;

beforeAll(async () => {
  certs = await certificateFolder();
  t = await testSandbox(certs, { clockStart: '2026-03-02T10:00:00Z' });
  anna = ibansOf(t, 'anna')[0]!;
  clara = ibansOf(t, 'clara')[0]!;
});
afterAll(() => t.sandbox.close());
beforeEach(() => t.sandbox.reset());

/** Attended reads of one account under a consent its holder approved. */
async function reader(sandbox: TestSandbox, iban: string, psuId: string) {
  const consentId = await validConsent(sandbox, [iban], { psuId });
  const read = (what: string) =>
    sandbox.call({
      path: `/v1/accounts/${resourceIdOf(sandbox, iban)}/${what}`,
      client: sandbox.tpp,
      headers: { 'Consent-ID': consentId, 'PSU-IP-Address': '192.0.2.1' },
    });
  return {
    async balances() {
      const [booked, available] = BalanceResponseSchema.parse((await read('balances')).json).balances.map((b) =>
        Math.round(Number(b.balanceAmount.amount) * 100),
      );
      return { booked: booked!, available: available! };
    },
    async rows(text: string) {
      const { transactions } = TransactionsResponseSchema.parse((await read('transactions?bookingStatus=both')).json);
      const mine = (rows: typeof transactions.booked) =>
        (rows ?? []).filter((row) => row.remittanceInformationUnstructured === text);
      return { booked: mine(transactions.booked), pending: mine(transactions.pending) };
    },
    async page() {
      return (await read('transactions?bookingStatus=both')).text;
    },
  };
}

describe('instant payments', () => {
  it('move RCVD → ACSP on authorisation and ACSC 10 seconds of sandbox time later', async () => {
    const { paymentId, authorisationId } = await created(t, transfer(anna), { product: INSTANT });
    expect((await authorise(t, authorisationId, 'anna')).json).toMatchObject({ scaStatus: 'finalised' });
    expect(await transactionStatus(t, paymentId, INSTANT)).toBe('ACSP');
    await t.sandbox.clock.advance('PT10S');
    expect(await transactionStatus(t, paymentId, INSTANT)).toBe('ACSC');
  });

  it('show the debit pending after authorisation and booked at ACSC, and credit a service-held creditor at the same moment', async () => {
    const payer = await reader(t, anna, 'anna');
    const payee = await reader(t, clara, 'clara');
    const [payerBefore, payeeBefore] = [await payer.balances(), await payee.balances()];
    const { authorisationId } = await created(
      t,
      transfer(anna, {
        creditorAccount: { iban: clara },
        creditorName: 'Clara Becker',
        remittanceInformationUnstructured: 'Miete März',
      }),
      { product: INSTANT },
    );
    await authorise(t, authorisationId, 'anna');

    const pending = await payer.rows('Miete März');
    expect(pending.booked).toEqual([]);
    expect(pending.pending).toEqual([
      expect.objectContaining({
        transactionAmount: { currency: 'EUR', amount: '-12.30' },
        creditorName: 'Clara Becker',
        debtorName: 'Anna Schmidt',
      }),
    ]);
    expect(pending.pending[0]).not.toHaveProperty('bookingDate');
    expect(await payer.balances()).toEqual({ booked: payerBefore.booked, available: payerBefore.available - 1230 });
    expect(await payee.rows('Miete März')).toEqual({ booked: [], pending: [] });
    expect(await payee.balances()).toEqual(payeeBefore);

    await t.sandbox.clock.advance('PT10S');
    const settled = await payer.rows('Miete März');
    expect(settled.pending).toEqual([]);
    expect(settled.booked).toEqual([
      expect.objectContaining({
        transactionId: pending.pending[0]!.transactionId,
        transactionAmount: { currency: 'EUR', amount: '-12.30' },
        bookingDate: '2026-03-02',
      }),
    ]);
    expect(settled.booked[0]!.entryReference).not.toBe(pending.pending[0]!.entryReference);
    expect(await payer.balances()).toEqual({
      booked: payerBefore.booked - 1230,
      available: payerBefore.available - 1230,
    });
    const credit = await payee.rows('Miete März');
    expect(credit.booked).toEqual([
      expect.objectContaining({
        transactionAmount: { currency: 'EUR', amount: '12.30' },
        debtorName: 'Anna Schmidt',
        bookingDate: '2026-03-02',
      }),
    ]);
    expect(await payee.balances()).toEqual({
      booked: payeeBefore.booked + 1230,
      available: payeeBefore.available + 1230,
    });
  });

  it('settle as sandbox time runs on by itself: the next API request finds the debit booked, with no clock move', async () => {
    const payer = await reader(t, anna, 'anna');
    const { authorisationId } = await created(t, transfer(anna), { product: INSTANT });
    const before = t.sandbox.clock.now().getTime();
    await authorise(t, authorisationId, 'anna');
    // Just short of the earliest possible settlement instant: only the passing of time carries it
    // over. The host's time is moved (faked Date), not waited for.
    await t.sandbox.clock.set(new Date(before + 10_000 - 200));
    expect((await payer.rows('Invoice 42')).booked).toEqual([]);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    let rows: Awaited<ReturnType<typeof payer.rows>>;
    try {
      vi.setSystemTime(Date.now() + 300);
      rows = await payer.rows('Invoice 42');
    } finally {
      vi.useRealTimers();
    }
    expect(rows).toEqual({
      booked: [expect.objectContaining({ transactionAmount: { currency: 'EUR', amount: '-12.30' } })],
      pending: [],
    });
  });

  it('record the neutral description in both ledgers when the remittance is omitted', async () => {
    const payer = await reader(t, anna, 'anna');
    const { authorisationId } = await created(t, transfer(anna, { remittanceInformationUnstructured: undefined }), {
      product: INSTANT,
    });
    await authorise(t, authorisationId, 'anna');
    expect((await payer.rows('SEPA credit transfer')).pending).toHaveLength(1);
  });
});

describe('standard payments', () => {
  it('settle at 06:00 UTC on the next TARGET2 business day: Friday’s payment on Monday', async () => {
    await t.sandbox.clock.set('2026-03-06T10:00:00Z');
    const payer = await reader(t, anna, 'anna');
    const { paymentId, authorisationId } = await created(t, transfer(anna));
    await authorise(t, authorisationId, 'anna');
    await t.sandbox.clock.set('2026-03-09T05:59:00Z');
    expect(await transactionStatus(t, paymentId)).toBe('ACSP');
    expect((await payer.rows('Invoice 42')).pending).toHaveLength(1);
    await t.sandbox.clock.set('2026-03-09T06:00:01Z');
    expect(await transactionStatus(t, paymentId)).toBe('ACSC');
    expect((await payer.rows('Invoice 42')).booked).toEqual([expect.objectContaining({ bookingDate: '2026-03-09' })]);
  });

  it('skip Good Friday and Easter Monday', async () => {
    await t.sandbox.clock.set('2026-04-02T10:00:00Z');
    const { paymentId, authorisationId } = await created(t, transfer(anna));
    await authorise(t, authorisationId, 'anna');
    await t.sandbox.clock.set('2026-04-06T23:00:00Z');
    expect(await transactionStatus(t, paymentId)).toBe('ACSP');
    await t.sandbox.clock.set('2026-04-07T06:00:00Z');
    expect(await transactionStatus(t, paymentId)).toBe('ACSC');
  });

  it('cannot be cancelled once accepted for the next business day: 405 CANCELLATION_INVALID', async () => {
    const { paymentId, authorisationId } = await created(t, transfer(anna));
    await authorise(t, authorisationId, 'anna');
    const refused = await t.call({ method: 'DELETE', path: `/v1/payments/${STANDARD}/${paymentId}`, client: t.tpp });
    expect([refused.status, codeOf(refused)]).toEqual([405, 'CANCELLATION_INVALID']);
    expect(await transactionStatus(t, paymentId)).toBe('ACSP');
  });
});

describe('future-dated payments', () => {
  it('are ACSP with the money reserved, cancellable until executed: CANC and the reservation gone', async () => {
    const payer = await reader(t, anna, 'anna');
    const before = await payer.balances();
    const { paymentId, authorisationId } = await created(t, transfer(anna, { requestedExecutionDate: '2026-03-10' }));
    await authorise(t, authorisationId, 'anna');
    expect(await transactionStatus(t, paymentId)).toBe('ACSP');
    expect((await payer.balances()).available).toBe(before.available - 1230);
    await t.sandbox.clock.set('2026-03-10T05:00:00Z');
    const cancelled = await t.call({ method: 'DELETE', path: `/v1/payments/${STANDARD}/${paymentId}`, client: t.tpp });
    expect([cancelled.status, cancelled.json]).toEqual([200, { transactionStatus: 'CANC' }]);
    expect(await payer.rows('Invoice 42')).toEqual({ booked: [], pending: [] });
    expect(await payer.balances()).toEqual(before);
  });

  it('execute on the requested date (ACSC, booked that day) and can no longer be cancelled', async () => {
    const payer = await reader(t, anna, 'anna');
    const { paymentId, authorisationId } = await created(t, transfer(anna, { requestedExecutionDate: '2026-03-10' }), {
      product: INSTANT,
    });
    await authorise(t, authorisationId, 'anna');
    await t.sandbox.clock.set('2026-03-10T05:59:00Z');
    expect(await transactionStatus(t, paymentId, INSTANT)).toBe('ACSP');
    await t.sandbox.clock.set('2026-03-10T06:00:00Z');
    expect(await transactionStatus(t, paymentId, INSTANT)).toBe('ACSC');
    expect((await payer.rows('Invoice 42')).booked).toEqual([expect.objectContaining({ bookingDate: '2026-03-10' })]);
    const late = await t.call({ method: 'DELETE', path: `/v1/payments/${INSTANT}/${paymentId}`, client: t.tpp });
    expect([late.status, codeOf(late)]).toEqual([405, 'CANCELLATION_INVALID']);
  });
});

describe('money that does not move', () => {
  it('a declined payment is RJCT and appears in neither array', async () => {
    const payer = await reader(t, anna, 'anna');
    const before = await payer.balances();
    const { paymentId, authorisationId } = await created(t, transfer(anna));
    expect((await authorise(t, authorisationId, 'anna', 'decline')).json).toMatchObject({ scaStatus: 'failed' });
    expect(await transactionStatus(t, paymentId)).toBe('RJCT');
    expect(await payer.rows('Invoice 42')).toEqual({ booked: [], pending: [] });
    expect(await payer.balances()).toEqual(before);
  });

  it('funds are judged again at authorisation: the second of two payments that together exceed ben’s balance is RJCT', async () => {
    const ben = ibansOf(t, 'ben')[0]!;
    const first = await created(t, transfer(ben, { instructedAmount: { currency: 'EUR', amount: '20.00' } }));
    const second = await created(
      t,
      transfer(ben, {
        instructedAmount: { currency: 'EUR', amount: '20.00' },
        remittanceInformationUnstructured: 'second',
      }),
    );
    await authorise(t, first.authorisationId, 'ben');
    await authorise(t, second.authorisationId, 'ben');
    expect([await transactionStatus(t, first.paymentId), await transactionStatus(t, second.paymentId)]).toEqual([
      'ACSP',
      'RJCT',
    ]);
  });
});

describe('restart with --data', () => {
  it('rebuilds the same ledgers: settled, pending and cancelled payments, entry references included', async () => {
    const data = join(mkdtempSync(join(tmpdir(), 'xs2a-pis-')), 'data.json');
    const first = await testSandbox(certs, { clockStart: '2026-03-02T10:00:00Z', data });
    let page: string;
    let consentId: string;
    let settledId: string;
    try {
      const payer = await reader(first, anna, 'anna');
      consentId = ((await first.control('/consents')).json as { consentId: string }[])[0]!.consentId;
      const settled = await created(first, transfer(anna, { remittanceInformationUnstructured: 'settled' }), {
        product: INSTANT,
      });
      const pending = await created(first, transfer(anna, { remittanceInformationUnstructured: 'pending' }));
      const cancelled = await created(
        first,
        transfer(anna, { remittanceInformationUnstructured: 'cancelled', requestedExecutionDate: '2026-03-20' }),
      );
      for (const { authorisationId } of [settled, pending, cancelled]) await authorise(first, authorisationId, 'anna');
      await first.call({
        method: 'DELETE',
        path: `/v1/payments/${STANDARD}/${cancelled.paymentId}`,
        client: first.tpp,
      });
      const committed: string[] = [];
      first.sandbox.events.on('payment-changed', (event) =>
        committed.push(`${event.paymentId} ${event.transactionStatus}`),
      );
      await first.sandbox.clock.advance('PT10S');
      // The clock move itself applied the settlement, in its own committed unit of work (a change
      // event follows only a commit): the data file holds it before any other request.
      expect(committed).toEqual([`${settled.paymentId} ACSC`]);
      settledId = settled.paymentId;
      page = await payer.page();
      expect(page).toContain('settled');
      expect(page).toContain('pending');
      expect(page).not.toContain('cancelled');
    } finally {
      await first.sandbox.close();
    }
    const stored = readDataFile(data).records;
    expect(stored['payments']?.[settledId]).toMatchObject({ status: 'ACSC' });
    expect(Object.values(stored['bookings'] ?? {})).toContainEqual(
      expect.objectContaining({ status: 'booked', remittanceInformationUnstructured: 'settled' }),
    );
    const again = await testSandbox(certs, { data });
    try {
      const read = await again.call({
        path: `/v1/accounts/${resourceIdOf(again, anna)}/transactions?bookingStatus=both`,
        client: again.tpp,
        headers: { 'Consent-ID': consentId, 'PSU-IP-Address': '192.0.2.1' },
      });
      expect(read.text).toBe(page);
    } finally {
      await again.sandbox.close();
    }
  });
});
