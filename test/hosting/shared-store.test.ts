/**
 * Two sandboxes on one PostgreSQL database serve one sandbox: whatever one process changes, the
 * other answers with at its next request (the clock, consents, approvals, bookings, budgets,
 * idempotency keys, a reset), and a third started later finds it all. In one test process, so the
 * two are called in turn: the load-balancer suite (load-balancer.test.ts) races real processes.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, createConsent, customerActs, ibansOf, resourceIdOf, validConsent } from '../helpers/ais.js';
import { authorise, created, initiate, transactionStatus, transfer } from '../helpers/pis.js';
import { createDatabase, type TestDatabase } from '../helpers/postgres.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';

let db: TestDatabase;
let a: TestSandbox;
let b: TestSandbox;
let certs: string;

beforeAll(async () => {
  db = await createDatabase('shared');
  certs = await certificateFolder();
  a = await testSandbox(certs, { data: db.url });
  b = await testSandbox(certs, { data: db.url });
});

afterAll(async () => {
  await a?.sandbox.close();
  await b?.sandbox.close();
  await db?.drop();
});

const balances = async (t: TestSandbox, consentId: string, iban: string) => {
  const answer = await t.call({
    path: `/v1/accounts/${resourceIdOf(t, iban)}/balances`,
    client: t.tpp,
    headers: { 'Consent-ID': consentId, 'PSU-IP-Address': '192.0.2.10' },
  });
  expect(answer.status).toBe(200);
  return answer.json as { balances: { balanceType: string; balanceAmount: { amount: string } }[] };
};
const available = (read: Awaited<ReturnType<typeof balances>>) =>
  Number(read.balances.find((balance) => balance.balanceType === 'interimAvailable')!.balanceAmount.amount);

describe('two processes on one database', () => {
  it('lays out its schema once and marks it with the application and version', async () => {
    const mark = await db.sql('SELECT application, version FROM xs2a_kit_schema');
    expect(mark.rows).toEqual([{ application: 'xs2a-kit', version: 3 }]);
    // One world, `shared`: every row carries its world, so a sandbox of several worlds keeps this layout.
    expect((await db.sql('SELECT world FROM xs2a_sandbox')).rows).toEqual([{ world: 'shared' }]);
  });

  it('show one clock: a move on one is the time of the other', async () => {
    const moved = await a.control('/clock', { body: { advance: 'PT2H' } });
    expect(moved.status).toBe(200);
    const seen = await b.control('/clock');
    expect((seen.json as { offsetMs: number }).offsetMs).toBe((moved.json as { offsetMs: number }).offsetMs);
    const stored = await db.sql("SELECT (state->>'clockOffsetMs')::bigint AS offset FROM xs2a_sandbox");
    expect(Number(stored.rows[0].offset)).toBe((moved.json as { offsetMs: number }).offsetMs);
  });

  it('let a consent be made on one, approved on the other and read on the first', async () => {
    const iban = ibansOf(a, 'anna')[0]!;
    const made = await createConsent(a, {
      access: { balances: [{ iban }] },
      recurringIndicator: true,
      frequencyPerDay: 4,
    });
    expect(made.answer.status).toBe(201);
    const status = await b.call({ path: `/v1/consents/${made.consentId}/status`, client: b.tpp });
    expect(status.json).toEqual({ consentStatus: 'received' });
    const acted = await customerActs(b, made.authorisationId, 'anna');
    expect((acted.json as { scaStatus: string }).scaStatus).toBe('finalised');
    const after = await a.call({ path: `/v1/consents/${made.consentId}/status`, client: a.tpp });
    expect(after.json).toEqual({ consentStatus: 'valid' });
  });

  it("answer a balance with the other's booking: an approval on one moves the money the first reads", async () => {
    const iban = ibansOf(a, 'ben')[0]!;
    const consentId = await validConsent(a, [iban], { psuId: 'ben' });
    const before = available(await balances(a, consentId, iban));
    const payment = await created(a, transfer(iban, { instructedAmount: { currency: 'EUR', amount: '10.00' } }));
    expect((await authorise(b, payment.authorisationId, 'ben')).status).toBe(200);
    expect(await transactionStatus(a, payment.paymentId)).toMatch(/^(ACSP|ACSC|ACCC)$/);
    expect(available(await balances(a, consentId, iban))).toBeCloseTo(before - 10, 2);
    expect(available(await balances(b, consentId, iban))).toBeCloseTo(before - 10, 2);
  });

  it("follow each other's bookings and settlements into the accounts each has read, as a process started later reads them", async () => {
    const iban = ibansOf(a, 'ivo')[0]!;
    const consentId = await validConsent(a, [iban], { psuId: 'ivo' });
    const statement = async (t: TestSandbox) => {
      const answer = await t.call({
        path: `/v1/accounts/${resourceIdOf(t, iban)}/transactions?bookingStatus=both&dateFrom=2000-01-01`,
        client: t.tpp,
        headers: { 'Consent-ID': consentId, 'PSU-IP-Address': '192.0.2.10' },
      });
      expect(answer.status).toBe(200);
      return { transactions: answer.json, balances: await balances(t, consentId, iban) };
    };
    // Both have built the account's index before the other books on it.
    await statement(a);
    await statement(b);
    const book = async (t: TestSandbox, amount: string, pending = false) =>
      expect((await t.control('/transactions', { body: { iban, amount, pending } })).status).toBe(201);
    await book(b, '5.00');
    await book(a, '-2.00', true);
    await book(b, '-1.25');
    // A payment initiated on one, approved on the other, settled by a clock moved on the first.
    const payment = await created(a, transfer(iban, { instructedAmount: { currency: 'EUR', amount: '3.10' } }));
    expect((await authorise(b, payment.authorisationId, 'ivo')).status).toBe(200);
    await statement(a);
    expect((await a.control('/clock', { body: { advance: 'P3D' } })).status).toBe(200);
    expect(await transactionStatus(b, payment.paymentId)).toBe('ACSC');
    const later = await testSandbox(certs, { data: db.url });
    try {
      const fresh = await statement(later);
      expect(await statement(a)).toEqual(fresh);
      expect(await statement(b)).toEqual(fresh);
      const amounts = JSON.stringify(fresh.transactions);
      for (const amount of ['"5.00"', '"-2.00"', '"-1.25"', '"-3.10"']) expect(amounts).toContain(amount);
    } finally {
      await later.sandbox.close();
    }
  });

  it('bind an X-Request-ID for both: the same body answers the same payment, another body 409', async () => {
    const iban = ibansOf(a, 'anna')[0]!;
    const requestId = randomUUID();
    const first = await initiate(a, transfer(iban), { requestId });
    const again = await initiate(b, transfer(iban), { requestId });
    expect(first.answer.status).toBe(201);
    expect(again.answer.status).toBe(201);
    expect(again.paymentId).toBe(first.paymentId);
    const other = await initiate(b, transfer(iban, { remittanceInformationUnstructured: 'other' }), { requestId });
    expect(other.answer.status).toBe(409);
    expect(codeOf(other.answer)).toBe('REQUEST_ID_REUSED');
  });

  it('spend one budget: four unattended reads over both, then 429', async () => {
    const iban = ibansOf(a, 'anna')[0]!;
    const consentId = await validConsent(a, [iban]);
    const read = (t: TestSandbox) =>
      t.call({
        path: `/v1/accounts/${resourceIdOf(t, iban)}/balances`,
        client: t.tpp,
        headers: { 'Consent-ID': consentId },
      });
    const statuses = [];
    for (const t of [a, b, a, b, a]) statuses.push((await read(t)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    expect((await db.sql('SELECT DISTINCT world FROM xs2a_records')).rows).toEqual([{ world: 'shared' }]);
  });

  it('supersede on one the recurring consent approved on the other (a provider holds one per customer)', async () => {
    const iban = ibansOf(a, 'clara')[0]!;
    const first = await validConsent(a, [iban], { psuId: 'clara' });
    const second = await validConsent(b, [iban], { psuId: 'clara' });
    const status = (t: TestSandbox, consentId: string) =>
      t.call({ path: `/v1/consents/${consentId}/status`, client: t.tpp }).then((answer) => answer.json);
    expect(await status(b, first)).toEqual({ consentStatus: 'terminatedByTpp' });
    expect(await status(a, second)).toEqual({ consentStatus: 'valid' });
  });

  it('end an authorisation 15 minutes after it began by the clock another process moved', async () => {
    const iban = ibansOf(a, 'dora')[0]!;
    const made = await createConsent(a, { access: { balances: [{ iban }] }, recurringIndicator: true });
    expect((await b.control('/clock', { body: { advance: 'PT16M' } })).status).toBe(200);
    const read = await a.call({
      path: `/v1/consents/${made.consentId}/authorisations/${made.authorisationId}`,
      client: a.tpp,
    });
    expect(read.json).toEqual({ scaStatus: 'failed' });
    const acted = await customerActs(a, made.authorisationId, 'dora');
    expect(acted.json).toEqual({ scaStatus: 'failed', redirect: null });
  });

  it('run one set of fault rules: a rule added on one fires on the other, and its count is spent once in all', async () => {
    const added = await a.control('/faults', {
      body: { kind: 'status', status: 500, count: 2, match: { method: 'GET', path: '/v1/payments/**' } },
    });
    expect(added.status).toBe(201);
    const read = (t: TestSandbox) =>
      t.call({ path: `/v1/payments/sepa-credit-transfers/${randomUUID()}/status`, client: t.tpp });
    expect((await read(b)).status).toBe(500);
    expect((await read(a)).status).toBe(500);
    expect((await read(b)).status).toBe(404);
    expect(((await b.control('/faults')).json as { rules: unknown[] }).rules).toEqual([]);
    await b.control('/faults', { body: { kind: 'status', status: 503, retryAfter: 1, count: 5 } });
    expect(((await a.control('/faults')).json as { rules: { id: string }[] }).rules).toHaveLength(1);
    expect((await a.control('/faults', { method: 'DELETE' })).status).toBe(200);
    expect((await read(b)).status).toBe(404);
  });

  it('keep one request journal: a request served by one is read through the other, and emptied for both', async () => {
    const path = `/v1/payments/sepa-credit-transfers/${randomUUID()}/status`;
    await a.call({ path, client: a.tpp });
    const read = await b.control(`/requests?path=${encodeURIComponent(path)}`);
    expect(read.status).toBe(200);
    expect((read.json as { requests: unknown[] }).requests).toHaveLength(1);
    expect((read.json as { requests: unknown[] }).requests[0]).toMatchObject({
      code: 'RESOURCE_UNKNOWN',
      response: { status: 404 },
    });
    const cleared = await b.control('/requests', { method: 'DELETE' });
    expect((cleared.json as { cleared: number }).cleared).toBeGreaterThan(0);
    expect(((await a.control('/requests')).json as { kept: number }).kept).toBe(0);
  });

  it('judge the client over both: a consent used on one after the other answered it revoked is a finding on each', async () => {
    const iban = ibansOf(a, 'anna')[0]!;
    const consentId = await validConsent(a, [iban]);
    expect((await a.control(`/consents/${consentId}/revoke`, { body: {} })).status).toBe(200);
    const status = await a.call({ path: `/v1/consents/${consentId}/status`, client: a.tpp });
    expect(status.json).toEqual({ consentStatus: 'revokedByPsu' });
    const used = await b.call({ path: '/v1/accounts', client: b.tpp, headers: { 'Consent-ID': consentId } });
    expect(used.status).toBe(401);
    for (const t of [a, b]) {
      const report = (await t.control('/client-report')).json as { findings: { rule: string; consentId?: string }[] };
      expect(report.findings.filter((f) => f.consentId === consentId).map((f) => f.rule)).toEqual([
        'CLIENT-CONSENT-ENDED',
      ]);
    }
    const acknowledged = await b.control('/client-report/acknowledge', { body: { rule: 'CLIENT-CONSENT-ENDED' } });
    expect(acknowledged.status).toBe(200);
    const report = (await a.control('/client-report')).json as {
      acknowledged: { rule: string }[];
      findings: unknown[];
    };
    expect(report.acknowledged.map((ack) => ack.rule)).toEqual(['CLIENT-CONSENT-ENDED']);
    expect((await a.control('/client-report', { method: 'DELETE' })).status).toBe(200);
    expect(((await b.control('/client-report')).json as { findings: unknown[] }).findings).toEqual([]);
  });

  it('keep everything for a process started later, and a reset on one empties it for all', async () => {
    const iban = ibansOf(a, 'anna')[0]!;
    const consentId = await validConsent(b, [iban]);
    const later = await testSandbox(certs, { data: db.url });
    try {
      const status = await later.call({ path: `/v1/consents/${consentId}/status`, client: later.tpp });
      expect(status.json).toEqual({ consentStatus: 'valid' });
      expect((await later.control('/clock')).json).toMatchObject({
        offsetMs: ((await a.control('/clock')).json as { offsetMs: number }).offsetMs,
      });
      expect((await later.control('/reset', { method: 'POST' })).status).toBe(200);
      const gone = await a.call({ path: `/v1/consents/${consentId}/status`, client: a.tpp });
      expect(gone.status).toBe(403);
      expect(codeOf(gone)).toBe('CONSENT_UNKNOWN');
      expect(((await b.control('/clock')).json as { offsetMs: number }).offsetMs).toBe(0);
    } finally {
      await later.sandbox.close();
    }
  });
});
