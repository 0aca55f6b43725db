/**
 * The database goes away under a running sandbox (spec "Errors" rule 2: a 5xx is retryable): every
 * request answers 503 with the envelope and Retry-After, nothing half-written stays, and the sandbox
 * serves again by itself once the database is back. A payment whose answer was lost to it is sent
 * again with its X-Request-ID and is the one payment.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, ibansOf } from '../helpers/ais.js';
import { initiate, transfer } from '../helpers/pis.js';
import { createDatabase, PG, type TestDatabase } from '../helpers/postgres.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { tcpProxy, type TcpProxy } from '../helpers/tcp-proxy.js';

let db: TestDatabase;
let proxy: TcpProxy;
let t: TestSandbox;

beforeAll(async () => {
  db = await createDatabase('down');
  proxy = await tcpProxy({ host: PG.host, port: PG.port });
  t = await testSandbox(await certificateFolder(), { data: db.url.replace(`:${PG.port}/`, `:${proxy.port}/`) });
});

afterAll(async () => {
  await t?.sandbox.close();
  await proxy?.close();
  await db?.drop();
});

const payments = async () =>
  Number((await db.sql("SELECT count(*) AS n FROM xs2a_records WHERE kind = 'payments'")).rows[0].n);

async function serving(): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    const answer = await t.call({ path: '/v1/payments/sepa-credit-transfers/none/status', client: t.tpp });
    if (answer.status !== 503) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the sandbox did not serve again');
}

describe('the database down under a running sandbox', () => {
  it('answers 503 with the envelope and Retry-After, stores nothing, and serves again by itself', async () => {
    const iban = ibansOf(t, 'anna')[0]!;
    const before = await payments();
    await proxy.cut();
    const requestId = randomUUID();
    const refused = await initiate(t, transfer(iban), { requestId });
    expect(refused.answer.status).toBe(503);
    expect(refused.answer.headers['retry-after']).toBe('1');
    expect(refused.answer.headers['x-request-id']).toBe(requestId);
    expect(codeOf(refused.answer)).toBe('INTERNAL_SERVER_ERROR');
    const read = await t.call({ path: `/v1/payments/sepa-credit-transfers/${randomUUID()}/status`, client: t.tpp });
    expect(read.status).toBe(503);
    const control = await t.control('/clock');
    expect(control.status).toBe(503);
    expect(control.headers.get('retry-after')).toBe('1');
    expect(control.json).toMatchObject({ tppMessages: [{ category: 'ERROR', code: 'INTERNAL_SERVER_ERROR' }] });

    await proxy.restore();
    await serving();
    expect(await payments()).toBe(before);
    const retried = await initiate(t, transfer(iban), { requestId });
    expect(retried.answer.status).toBe(201);
    expect(await payments()).toBe(before + 1);
  });

  it('keeps no partial work of a burst cut mid-way: each payment sent again is made once', async () => {
    const iban = ibansOf(t, 'ben')[0]!;
    const before = await payments();
    const ids = Array.from({ length: 24 }, () => randomUUID());
    const bodyOf = (id: string) =>
      transfer(iban, { remittanceInformationUnstructured: id, instructedAmount: { currency: 'EUR', amount: '0.10' } });
    const burst = ids.map((id, i) =>
      new Promise((resolve) => setTimeout(resolve, i * 5)).then(() => initiate(t, bodyOf(id), { requestId: id })),
    );
    await new Promise((resolve) => setTimeout(resolve, 40));
    await proxy.cut();
    const answers = await Promise.all(burst);
    for (const answer of answers) expect([201, 503]).toContain(answer.answer.status);
    await proxy.restore();
    await serving();
    for (const [i, id] of ids.entries()) {
      const again = await initiate(t, bodyOf(id), { requestId: id });
      expect(again.answer.status).toBe(201);
      if (answers[i]!.answer.status === 201) expect(again.paymentId).toBe(answers[i]!.paymentId);
    }
    expect(await payments()).toBe(before + ids.length);
  });
});
