import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { issueQwac } from '../../src/certs/index.js';
import { codeOf, ibansOf, REDIRECT } from '../helpers/ais.js';
import { created, initiate, INSTANT, paymentRows, STANDARD, transfer } from '../helpers/pis.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';
import type { ClientCertificate } from '../helpers/tls-client.js';
import { keepAliveClient } from '../helpers/keep-alive-client.js';

let t: TestSandbox;
let anna: string;
let other: ClientCertificate;

beforeAll(async () => {
  t = await testSandbox(await certificateFolder(), { clockStart: '2026-03-02T10:00:00Z' });
  anna = ibansOf(t, 'anna')[0]!;
  other = issueQwac({
    ca: { cert: t.ca, key: t.caKey },
    name: 'Other TPP',
    organizationIdentifier: 'PSDDE-BAFIN-654321',
    roles: ['PSP_PI'],
  });
});
afterAll(() => t.sandbox.close());
beforeEach(() => t.sandbox.reset());

const count = async () => (await paymentRows(t)).length;

/**
 * n initiations that reach the server together: the TLS connections are opened (and kept) first,
 * so the requests are not spread out by n handshakes and any await between key look-up and
 * binding would let a second payment through.
 */
async function burst(
  n: number,
  input: { requestId: string; body: unknown },
): Promise<{ status: number; text: string }[]> {
  const client = keepAliveClient(t.sandbox.apiUrl, t.ca, t.tpp, n);
  try {
    await Promise.all(
      Array.from({ length: n }, () =>
        client.send({
          method: 'GET',
          path: '/v1/payments/sepa-credit-transfers/warm-up',
          headers: { 'X-Request-ID': randomUUID() },
        }),
      ),
    );
    const headers = {
      'X-Request-ID': input.requestId,
      'TPP-Redirect-URI': REDIRECT,
      'Content-Type': 'application/json',
    };
    return await Promise.all(
      Array.from({ length: n }, () =>
        client.send({ method: 'POST', path: `/v1/payments/${STANDARD}`, headers, body: JSON.stringify(input.body) }),
      ),
    );
  } finally {
    client.close();
  }
}

describe('X-Request-ID as idempotency key', () => {
  it('same key, same body: answers 201 with the first payment’s initiation body, and creates nothing new', async () => {
    const requestId = randomUUID();
    const first = await created(t, transfer(anna), { requestId });
    const again = await initiate(t, transfer(anna), { requestId });
    expect(again.answer.status).toBe(201);
    expect(again.answer.text).toBe(first.answer.text);
    expect(again.answer.headers.location).toBe(first.answer.headers.location);
    expect(await count()).toBe(1);
  });

  it('compares bodies canonically: the same fields in another order are the same body', async () => {
    const requestId = randomUUID();
    const first = await created(t, transfer(anna), { requestId });
    const reordered = Object.fromEntries(Object.entries(transfer(anna)).reverse());
    const again = await t.call({
      method: 'POST',
      path: `/v1/payments/${STANDARD}`,
      client: t.tpp,
      requestId,
      headers: { 'TPP-Redirect-URI': REDIRECT, 'Content-Type': 'application/json' },
      rawBody: JSON.stringify(reordered, null, 2),
    });
    expect(again.status).toBe(201);
    expect((again.json as { paymentId: string }).paymentId).toBe(first.paymentId);
  });

  it('same key, different body within 48 hours: 409 REQUEST_ID_REUSED, and creates nothing', async () => {
    const requestId = randomUUID();
    await created(t, transfer(anna), { requestId });
    await t.sandbox.clock.advance('PT47H');
    const reused = await initiate(t, transfer(anna, { instructedAmount: { currency: 'EUR', amount: '99.00' } }), {
      requestId,
    });
    expect(reused.answer.status).toBe(409);
    expect(reused.answer.json).toEqual({
      tppMessages: [
        {
          category: 'ERROR',
          code: 'REQUEST_ID_REUSED',
          text: 'This X-Request-ID was already used with a different payment.',
        },
      ],
    });
    expect(reused.answer.headers['x-request-id']).toBe(requestId);
    expect(await count()).toBe(1);
  });

  it('after 48 hours: a replay with any body still resolves to the original payment', async () => {
    const requestId = randomUUID();
    const first = await created(t, transfer(anna), { requestId });
    await t.sandbox.clock.advance('PT49H');
    const changed = await initiate(t, transfer(anna, { instructedAmount: { currency: 'EUR', amount: '99.00' } }), {
      requestId,
    });
    expect(changed.answer.status).toBe(201);
    expect(changed.answer.text).toBe(first.answer.text);
    const same = await initiate(t, transfer(anna), { requestId });
    expect(same.answer.text).toBe(first.answer.text);
    expect(await count()).toBe(1);
  });

  it('scope is global across products: the same key on the other product resolves to the first payment', async () => {
    const requestId = randomUUID();
    const first = await created(t, transfer(anna), { requestId, product: STANDARD });
    const instant = await initiate(t, transfer(anna), { requestId, product: INSTANT });
    expect(instant.answer.status).toBe(201);
    expect(instant.answer.text).toBe(first.answer.text);
    expect((await paymentRows(t)).map((row) => row.product)).toEqual([STANDARD]);
    const different = await initiate(t, transfer(anna, { creditorName: 'Somebody' }), { requestId, product: INSTANT });
    expect(codeOf(different.answer)).toBe('REQUEST_ID_REUSED');
  });

  it('scope is global across providers: another provider’s same key resolves to the first payment, or conflicts', async () => {
    const requestId = randomUUID();
    const first = await created(t, transfer(anna), { requestId });
    const same = await initiate(t, transfer(anna), { requestId, client: other });
    expect(same.answer.status).toBe(201);
    expect(same.answer.text).toBe(first.answer.text);
    const different = await initiate(t, transfer(anna, { remittanceInformationUnstructured: 'other' }), {
      requestId,
      client: other,
    });
    expect([different.answer.status, codeOf(different.answer)]).toEqual([409, 'REQUEST_ID_REUSED']);
    expect((await paymentRows(t)).map((row) => row.tpp)).toEqual(['PSDDE-BAFIN-123456']);
    // It is still not theirs to address.
    const read = await t.call({ path: `/v1/payments/${STANDARD}/${first.paymentId}`, client: other });
    expect(read.status).toBe(404);
  });

  it('reads the key in either case as the same key', async () => {
    const requestId = randomUUID();
    const first = await created(t, transfer(anna), { requestId });
    const upper = await initiate(t, transfer(anna), { requestId: requestId.toUpperCase() });
    expect((upper.answer.json as { paymentId: string }).paymentId).toBe(first.paymentId);
  });

  it('refuses a malformed request before the key is looked up, and binds nothing with it', async () => {
    const requestId = randomUUID();
    const malformed = await initiate(t, transfer(anna, { instructedAmount: { currency: 'EUR', amount: '0' } }), {
      requestId,
    });
    expect(codeOf(malformed.answer)).toBe('FORMAT_ERROR');
    const first = await created(t, transfer(anna), { requestId });
    const malformedAgain = await initiate(t, transfer(anna, { debtorAccount: { iban: 'DE00123456780000100001' } }), {
      requestId,
    });
    expect([malformedAgain.answer.status, codeOf(malformedAgain.answer)]).toEqual([400, 'FORMAT_ERROR']);
    const noRedirect = await initiate(t, transfer(anna), { requestId, headers: { 'TPP-Redirect-URI': undefined } });
    expect(codeOf(noRedirect.answer)).toBe('FORMAT_ERROR');
    expect((await initiate(t, transfer(anna), { requestId })).answer.text).toBe(first.answer.text);
    expect(await count()).toBe(1);
  });

  it('creates exactly one payment for 20 identical requests in parallel, and answers all of them with it', async () => {
    const requestId = randomUUID();
    const answers = await burst(20, { requestId, body: transfer(anna) });
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(await count()).toBe(1);
  });

  it('creates one payment per key for parallel requests with different keys', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => initiate(t, transfer(anna, { remittanceInformationUnstructured: `n${i}` }))),
    );
    expect(new Set(answers.map((a) => a.paymentId)).size).toBe(10);
    expect(await count()).toBe(10);
  });
});
