import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { issueQwac } from '../../src/certs/index.js';
import { PaymentResponseSchema } from '../../src/contract/index.js';
import { codeOf, customerActs, ibansOf } from '../helpers/ais.js';
import {
  created,
  INSTANT,
  OTHER_BANK_IBAN,
  paymentRows,
  STANDARD,
  transactionStatus,
  transfer,
} from '../helpers/pis.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';
import type { ClientCertificate } from '../helpers/tls-client.js';

let t: TestSandbox;
let anna: string;
let other: ClientCertificate;
const UNKNOWN = '6f1c2b9e-6d7a-4c1e-9b2f-0a1b2c3d4e5f';

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

const path = (paymentId: string, product = STANDARD) => `/v1/payments/${product}/${paymentId}`;
const get = (p: string, client = t.tpp) => t.call({ path: p, client });

describe('payment reads', () => {
  it('read the payment as initiated: accounts, amount as sent, creditor name and remittance', async () => {
    const { paymentId } = await created(
      t,
      transfer(anna, {
        instructedAmount: { currency: 'EUR', amount: '12.5' },
        creditorAccount: { iban: OTHER_BANK_IBAN, currency: 'EUR' },
      }),
    );
    const answer = await get(path(paymentId));
    expect(answer.status).toBe(200);
    expect(PaymentResponseSchema.parse(answer.json)).toEqual({
      transactionStatus: 'RCVD',
      debtorAccount: { iban: anna },
      creditorAccount: { iban: OTHER_BANK_IBAN, currency: 'EUR' },
      instructedAmount: { currency: 'EUR', amount: '12.5' },
      creditorName: 'Merchant GmbH',
      remittanceInformationUnstructured: 'Invoice 42',
    });
    expect((await get(`${path(paymentId)}/status`)).json).toEqual({ transactionStatus: 'RCVD' });
  });

  it('record a neutral description when the remittance is omitted', async () => {
    const { paymentId } = await created(
      t,
      transfer(anna, { remittanceInformationUnstructured: undefined, creditorName: undefined }),
    );
    const body = PaymentResponseSchema.parse((await get(path(paymentId))).json);
    expect(body.remittanceInformationUnstructured).toBe('SEPA credit transfer');
    expect(body).not.toHaveProperty('creditorName');
  });

  it('list the one authorisation and read its scaStatus; another id is 404', async () => {
    const { paymentId, authorisationId } = await created(t, transfer(anna), { product: INSTANT });
    expect((await get(`${path(paymentId, INSTANT)}/authorisations`)).json).toEqual({
      authorisationIds: [authorisationId],
    });
    expect((await get(`${path(paymentId, INSTANT)}/authorisations/${authorisationId}`)).json).toEqual({
      scaStatus: 'received',
    });
    const wrong = await get(`${path(paymentId, INSTANT)}/authorisations/${UNKNOWN}`);
    expect([wrong.status, codeOf(wrong)]).toEqual([404, 'RESOURCE_UNKNOWN']);
  });

  it('read RJCT once the authorisation expired unused after 15 minutes', async () => {
    const { paymentId, authorisationId } = await created(t, transfer(anna));
    await t.sandbox.clock.advance('PT15M');
    expect(await transactionStatus(t, paymentId)).toBe('RJCT');
    expect((await get(`${path(paymentId)}/authorisations/${authorisationId}`)).json).toEqual({ scaStatus: 'failed' });
  });

  it('read RJCT when the customer abandons the ceremony (frida) and it expires', async () => {
    const { paymentId, authorisationId } = await created(t, transfer(ibansOf(t, 'frida')[0]!));
    expect((await customerActs(t, authorisationId, 'frida')).json).toEqual({ scaStatus: 'started', redirect: null });
    expect(await transactionStatus(t, paymentId)).toBe('RCVD');
    await t.sandbox.clock.advance('PT16M');
    expect(await transactionStatus(t, paymentId)).toBe('RJCT');
  });
});

describe('payment identity', () => {
  it('answers another provider’s payment byte-identically to an unknown id, on every payment operation', async () => {
    const { paymentId, authorisationId } = await created(t, transfer(anna));
    const operations = (id: string): [string, string][] => [
      ['GET', path(id)],
      ['GET', `${path(id)}/status`],
      ['GET', `${path(id)}/authorisations`],
      ['GET', `${path(id)}/authorisations/${authorisationId}`],
      ['DELETE', path(id)],
    ];
    const unknown = operations(UNKNOWN);
    for (const [index, [method, p]] of operations(paymentId).entries()) {
      const foreign = await t.call({ method, path: p, client: other });
      const none = await t.call({ method, path: unknown[index]![1], client: other });
      expect(foreign.status, `${method} ${p}`).toBe(404);
      expect(foreign.text).toBe(none.text);
      expect(codeOf(foreign)).toBe('RESOURCE_UNKNOWN');
    }
    expect(await transactionStatus(t, paymentId)).toBe('RCVD');
  });

  it('answers a payment read under the other product’s path, or an unknown product, like an unknown id', async () => {
    const { paymentId } = await created(t, transfer(anna), { product: INSTANT });
    const none = await get(path(UNKNOWN, INSTANT));
    for (const p of [
      path(paymentId, STANDARD),
      `${path(paymentId, STANDARD)}/status`,
      path(paymentId, 'bulk-payments'),
    ]) {
      const answer = await get(p);
      expect(answer.status, p).toBe(404);
      expect(answer.text, p).toBe(none.text);
    }
    const cancelled = await t.call({ method: 'DELETE', path: path(paymentId, STANDARD), client: t.tpp });
    expect(cancelled.text).toBe(none.text);
    expect(await transactionStatus(t, paymentId, INSTANT)).toBe('RCVD');
  });
});

describe('cancellation of a received payment', () => {
  it('DELETE answers 200 CANC at once, and the open authorisation fails', async () => {
    const { paymentId, authorisationId } = await created(t, transfer(anna));
    const deleted = await t.call({ method: 'DELETE', path: path(paymentId), client: t.tpp });
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual({ transactionStatus: 'CANC' });
    expect(await transactionStatus(t, paymentId)).toBe('CANC');
    expect((await get(`${path(paymentId)}/authorisations/${authorisationId}`)).json).toEqual({ scaStatus: 'failed' });
    expect((await customerActs(t, authorisationId, 'anna')).json).toEqual({ scaStatus: 'failed', redirect: null });
  });

  it('a second DELETE, or one after the authorisation expired, is 405 CANCELLATION_INVALID', async () => {
    const first = await created(t, transfer(anna));
    await t.call({ method: 'DELETE', path: path(first.paymentId), client: t.tpp });
    const again = await t.call({ method: 'DELETE', path: path(first.paymentId), client: t.tpp });
    expect([again.status, codeOf(again)]).toEqual([405, 'CANCELLATION_INVALID']);
    const second = await created(t, transfer(anna, { remittanceInformationUnstructured: 'second' }));
    await t.sandbox.clock.advance('PT15M');
    const late = await t.call({ method: 'DELETE', path: path(second.paymentId), client: t.tpp });
    expect([late.status, codeOf(late)]).toEqual([405, 'CANCELLATION_INVALID']);
    expect(await transactionStatus(t, second.paymentId)).toBe('RJCT');
  });
});

describe('control calls', () => {
  it('GET /sandbox/payments lists every payment, newest first, with provider, product, status and customer', async () => {
    const first = await created(t, transfer(anna));
    await t.sandbox.clock.advance('PT1S');
    const second = await created(t, transfer(anna), { product: INSTANT, client: other });
    const rows = await paymentRows(t);
    expect(rows).toEqual([
      expect.objectContaining({
        paymentId: second.paymentId,
        tpp: 'PSDDE-BAFIN-654321',
        product: INSTANT,
        transactionStatus: 'RCVD',
        psuId: null,
      }),
      expect.objectContaining({
        paymentId: first.paymentId,
        tpp: 'PSDDE-BAFIN-123456',
        product: STANDARD,
        transactionStatus: 'RCVD',
        psuId: null,
      }),
    ]);
    expect(Object.keys(rows[0]!).sort()).toEqual([
      'amount',
      'createdAt',
      'creditorIban',
      'debtorIban',
      'paymentId',
      'product',
      'psuId',
      'tpp',
      'transactionStatus',
    ]);
  });

  it('POST /sandbox/payments/{id}/amend changes a received payment, as the provider then reads it', async () => {
    const { paymentId } = await created(t, transfer(anna));
    const amended = await t.control(`/payments/${paymentId}/amend`, {
      body: { instructedAmount: { currency: 'EUR', amount: '99.99' }, creditorName: 'Someone Else' },
    });
    expect(amended.status).toBe(200);
    expect(amended.json).toMatchObject({
      paymentId,
      transactionStatus: 'RCVD',
      instructedAmount: { amount: '99.99' },
      creditorName: 'Someone Else',
    });
    expect(PaymentResponseSchema.parse((await get(path(paymentId))).json)).toMatchObject({
      instructedAmount: { amount: '99.99' },
      creditorName: 'Someone Else',
    });
  });

  it('amend refuses an empty or malformed change, a payment no longer received, and an unknown id', async () => {
    const { paymentId } = await created(t, transfer(anna));
    expect((await t.control(`/payments/${paymentId}/amend`, { body: {} })).status).toBe(400);
    expect(
      (
        await t.control(`/payments/${paymentId}/amend`, {
          body: { instructedAmount: { currency: 'EUR', amount: '0' } },
        })
      ).status,
    ).toBe(400);
    expect((await t.control(`/payments/${UNKNOWN}/amend`, { body: { creditorName: 'X' } })).status).toBe(404);
    await t.call({ method: 'DELETE', path: path(paymentId), client: t.tpp });
    const late = await t.control(`/payments/${paymentId}/amend`, { body: { creditorName: 'X' } });
    expect([late.status, codeOf(late)]).toEqual([400, 'FORMAT_ERROR']);
  });

  it('POST /sandbox/payments/{id}/payee refuses a payment that is not waiting in PDNG, and a malformed answer', async () => {
    const { paymentId } = await created(t, transfer(anna));
    const notPending = await t.control(`/payments/${paymentId}/payee`, { body: { confirm: true } });
    expect([notPending.status, codeOf(notPending)]).toEqual([400, 'FORMAT_ERROR']);
    expect((await t.control(`/payments/${paymentId}/payee`, { body: { confirm: 'yes' } })).status).toBe(400);
    expect((await t.control(`/payments/${UNKNOWN}/payee`, { body: { confirm: true } })).status).toBe(404);
    expect(await transactionStatus(t, paymentId)).toBe('RCVD');
  });
});
