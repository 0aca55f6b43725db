/**
 * Needs the SCA decision to handle payments (services/sca/decision.ts wires authorisePayment/rejectPayment,
 * the binding check and the debtor-holder check at login).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ibansOf, NOK_REDIRECT, REDIRECT } from '../helpers/ais.js';
import { authorise, created, paymentRows, STANDARD, transactionStatus, transfer } from '../helpers/pis.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';

let t: TestSandbox;
let anna: string;

beforeAll(async () => {
  t = await testSandbox(await certificateFolder(), { clockStart: '2026-03-02T10:00:00Z' });
  anna = ibansOf(t, 'anna')[0]!;
});
afterAll(() => t.sandbox.close());
beforeEach(() => t.sandbox.reset());

const scaStatus = async (paymentId: string, authorisationId: string) =>
  (
    (await t.call({ path: `/v1/payments/${STANDARD}/${paymentId}/authorisations/${authorisationId}`, client: t.tpp }))
      .json as { scaStatus: string }
  ).scaStatus;

describe('payment authorisation', () => {
  it('approval finalises the authorisation, answers the provider’s redirect with state, and the customer shows on the payment', async () => {
    const { paymentId, authorisationId, answer } = await created(t, transfer(anna));
    const state = new URL(
      (answer.json as { _links: { scaRedirect: { href: string } } })._links.scaRedirect.href,
    ).searchParams.get('state');
    const acted = await authorise(t, authorisationId, 'anna');
    expect(acted.json).toEqual({ scaStatus: 'finalised', redirect: `${REDIRECT}?state=${state}` });
    expect(await scaStatus(paymentId, authorisationId)).toBe('finalised');
    expect((await paymentRows(t))[0]).toMatchObject({ paymentId, psuId: 'anna', transactionStatus: 'ACSP' });
  });

  it('decline → RJCT, with the customer sent to the NOK redirect', async () => {
    const { paymentId, authorisationId } = await created(t, transfer(anna), {
      headers: { 'TPP-NOK-Redirect-URI': NOK_REDIRECT },
    });
    const acted = await authorise(t, authorisationId, 'anna', 'decline');
    expect(acted.json).toMatchObject({
      scaStatus: 'failed',
      redirect: expect.stringContaining(`${NOK_REDIRECT}?state=`),
    });
    expect(await transactionStatus(t, paymentId)).toBe('RJCT');
  });

  it('a customer scripted to decline (dora) → RJCT', async () => {
    const { paymentId, authorisationId } = await created(t, transfer(ibansOf(t, 'dora')[0]!));
    expect((await authorise(t, authorisationId, 'dora')).json).toMatchObject({ scaStatus: 'failed' });
    expect(await transactionStatus(t, paymentId)).toBe('RJCT');
  });

  it('three wrong one-time codes (emil) fail the ceremony → RJCT', async () => {
    const { paymentId, authorisationId } = await created(t, transfer(ibansOf(t, 'emil')[0]!));
    expect((await authorise(t, authorisationId, 'emil')).json).toMatchObject({ scaStatus: 'failed' });
    expect(await transactionStatus(t, paymentId)).toBe('RJCT');
  });

  it('only the holder of the debtor account can authorise: another customer changes nothing', async () => {
    const { paymentId, authorisationId } = await created(t, transfer(anna));
    const acted = await authorise(t, authorisationId, 'clara');
    expect((acted.json as { scaStatus?: string }).scaStatus).not.toBe('finalised');
    expect(await transactionStatus(t, paymentId)).toBe('RCVD');
  });

  it.each([
    ['the amount', { instructedAmount: { currency: 'EUR', amount: '12.31' } }],
    ['the payee name', { creditorName: 'Mallory' }],
  ])(
    'fails the authorisation when %s changed after the ceremony was created (dynamic linking) → RJCT, no money moves',
    async (_what, change) => {
      const { paymentId, authorisationId } = await created(t, transfer(anna));
      expect((await t.control(`/payments/${paymentId}/amend`, { body: change })).status).toBe(200);
      const acted = await authorise(t, authorisationId, 'anna');
      expect((acted.json as { scaStatus: string }).scaStatus).toBe('failed');
      expect(await scaStatus(paymentId, authorisationId)).toBe('failed');
      expect(await transactionStatus(t, paymentId)).toBe('RJCT');
    },
  );

  it('an amendment that changes nothing shown (12.30 written as 12.3) keeps the binding', async () => {
    const { paymentId, authorisationId } = await created(t, transfer(anna));
    await t.control(`/payments/${paymentId}/amend`, {
      body: { instructedAmount: { currency: 'EUR', amount: '12.3' } },
    });
    expect((await authorise(t, authorisationId, 'anna')).json).toMatchObject({ scaStatus: 'finalised' });
    expect(await transactionStatus(t, paymentId)).toBe('ACSP');
  });
});
