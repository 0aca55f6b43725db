/**
 * The sandbox clock has bounds: no move past the end of year 9999 is accepted (nothing moves), and
 * from the latest instant it accepts, every operation of the interface still answers within the
 * contract — a date that grew a fifth year digit, or a 500, would break every client afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, createConsent, customerActs, ibansOf, resourceIdOf, validConsent } from '../helpers/ais.js';
import { INSTANT, STANDARD, authorise, created, transfer } from '../helpers/pis.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';

const LAST = '9999-12-31T23:59:59.999Z';
let certs: string;
let t: TestSandbox;

beforeAll(async () => {
  certs = await certificateFolder();
  t = await testSandbox(certs, { clockStart: '2026-03-02T10:00:00Z' });
});
afterAll(() => t?.sandbox.close());

describe('the clock’s bounds', () => {
  it.each([
    [{ set: '+010000-01-01T00:00:00.000Z' }, 'set'],
    [{ set: '+275760-09-13T00:00:00.000Z' }, 'set'],
    [{ advance: 'P2930000D' }, 'advance'],
  ])('refuses %j with 400 FORMAT_ERROR on its field, and the clock does not move', async (move, field) => {
    const before = (await t.control('/clock')).json as { now: string };
    const refused = await t.control('/clock', { body: move });
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({
      tppMessages: [
        {
          category: 'ERROR',
          code: 'FORMAT_ERROR',
          path: field,
          text: 'The clock cannot go past 9999-12-31T23:59:59.999Z.',
        },
      ],
    });
    const after = (await t.control('/clock')).json as { now: string };
    expect(Date.parse(after.now) - Date.parse(before.now)).toBeLessThan(60_000);
  });

  it('refuses the same through the handle, and a clockStart past the bound before anything starts', async () => {
    await expect(t.sandbox.clock.set('+010000-01-01T00:00:00.000Z')).rejects.toMatchObject({
      code: 'FORMAT_ERROR',
      path: 'set',
    });
    await expect(testSandbox(certs, { clockStart: '+010000-01-01T00:00:00Z' })).rejects.toThrow(/clockStart/);
  });
});

describe('at the latest instant the clock accepts', () => {
  let moved: TestSandbox;
  beforeAll(async () => {
    moved = await testSandbox(certs, { clockStart: '2026-03-02T10:00:00Z' });
    // A minute short of the bound: sandbox time runs on with real time while the test works (slowly
    // on a loaded machine), and at the bound itself a consent valid until 9999-12-31 has expired.
    const set = await moved.control('/clock', { body: { set: LAST.replace('59:59.999Z', '59:00.000Z') } });
    expect(set.status).toBe(200);
  });
  afterAll(() => moved?.sandbox.close());

  it('serves consents, account data, payments, funds confirmations and callbacks within the contract, never 5xx', async () => {
    const [girokonto] = ibansOf(moved, 'anna');
    const consentId = await validConsent(moved, [girokonto!]);
    const consent = await moved.call({ path: `/v1/consents/${consentId}`, client: moved.tpp });
    expect(consent.status).toBe(200);
    // Capped at the clock's bound: a validUntil can never grow a fifth year digit.
    expect((consent.json as { validUntil: string }).validUntil).toBe('9999-12-31');
    const account = resourceIdOf(moved, girokonto!);
    for (const path of [
      '/v1/accounts',
      `/v1/accounts/${account}`,
      `/v1/accounts/${account}/balances`,
      `/v1/accounts/${account}/transactions?bookingStatus=both`,
    ]) {
      const answer = await moved.call({ path, client: moved.tpp, headers: { 'Consent-ID': consentId } });
      expect(answer.status, path).toBe(200);
    }

    for (const product of [STANDARD, INSTANT]) {
      const payment = await created(moved, transfer(girokonto!), { product });
      expect((await authorise(moved, payment.authorisationId, 'anna')).status).toBe(200);
      const status = await moved.call({
        path: `/v1/payments/${product}/${payment.paymentId}/status`,
        client: moved.tpp,
      });
      expect(status.status).toBe(200);
      expect(['ACSP', 'ACSC']).toContain((status.json as { transactionStatus: string }).transactionStatus);
    }

    const cof = await moved.call({
      method: 'POST',
      path: '/v1/consents/confirmation-of-funds',
      client: moved.tpp,
      headers: { 'TPP-Redirect-URI': 'https://tpp.example/cb' },
      body: { account: { iban: girokonto } },
    });
    expect(cof.status).toBe(201);
    const cofId = (cof.json as { consentId: string }).consentId;
    expect((await customerActs(moved, (cof.json as { authorisationId: string }).authorisationId, 'anna')).status).toBe(
      200,
    );
    const cofRead = await moved.call({ path: `/v1/consents/confirmation-of-funds/${cofId}`, client: moved.tpp });
    expect((cofRead.json as { validUntil: string }).validUntil).toBe('9999-12-31');
    const funds = await moved.call({
      method: 'POST',
      path: '/v1/funds-confirmations',
      client: moved.tpp,
      headers: { 'Consent-ID': cofId },
      body: { account: { iban: girokonto }, instructedAmount: { currency: 'EUR', amount: '1.00' } },
    });
    expect(funds.json).toEqual({ fundsAvailable: true });

    const pending = await createConsent(moved, { access: { balances: [{ iban: girokonto }] } });
    expect(pending.answer.status).toBe(201);
    const sca = await moved.call({
      path: `/v1/consents/${pending.consentId}/authorisations/${pending.authorisationId}`,
      client: moved.tpp,
    });
    expect(sca.json).toEqual({ scaStatus: 'received' });
    expect(
      (
        await moved.call({
          method: 'PUT',
          path: '/v1/revocation-callback',
          client: moved.tpp,
          body: { url: 'https://tpp.example/revoked' },
        })
      ).status,
    ).toBe(200);
    expect(codeOf(await moved.control('/clock', { body: { advance: 'PT1M' } }))).toBe('FORMAT_ERROR');
  });
});
