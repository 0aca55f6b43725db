import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { customerActs, ibansOf, NOK_REDIRECT, REDIRECT } from '../helpers/ais.js';
import { formClient, formFields } from '../helpers/form-client.js';
import { created, transactionStatus, transfer } from '../helpers/pis.js';
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

async function toReview(authorisationId: string, href: string) {
  const browser = formClient(t.sandbox.portalUrl);
  const link = new URL(href);
  const login = await browser.get(link.pathname + link.search);
  expect(login.text).toContain('asks you to authorise a payment');
  const loggedIn = await browser.post(`/sca/${authorisationId}/login`, {
    ...formFields(login.text),
    psuId: 'anna',
    password: 'anna-1234',
  });
  const codePage = await browser.get(loggedIn.location!);
  const code = /data-testid="sms-code">(\d{6})</.exec(codePage.text)![1]!;
  const confirmed = await browser.post(`/sca/${authorisationId}/code`, { ...formFields(codePage.text), otp: code });
  return { browser, review: await browser.get(confirmed.location!) };
}

const hrefOf = (answer: { json: unknown }) =>
  (answer.json as { _links: { scaRedirect: { href: string } } })._links.scaRedirect.href;

describe('payment SCA page', () => {
  it('shows amount, payee name and IBAN and the debtor account, and approves: 302 with state, ACSP', async () => {
    const payment = await created(t, transfer(anna, { instructedAmount: { currency: 'EUR', amount: '42.50' } }));
    const { browser, review } = await toReview(payment.authorisationId, hrefOf(payment.answer));
    expect(review.text).toContain('42.50 EUR');
    expect(review.text).toContain('Merchant GmbH');
    expect(review.text).toContain('DE89370400440532013000');
    expect(review.text).toContain(anna);
    const state = new URL(hrefOf(payment.answer)).searchParams.get('state');
    const approved = await browser.post(`/sca/${payment.authorisationId}/decision`, {
      ...formFields(review.text),
      decision: 'approve',
    });
    expect([approved.status, approved.location]).toEqual([302, `${REDIRECT}?state=${state}`]);
    expect(await transactionStatus(t, payment.paymentId)).toBe('ACSP');
  });

  it('fails the authorisation when the payment changed after the ceremony was created (dynamic linking)', async () => {
    const payment = await created(t, transfer(anna), { headers: { 'TPP-NOK-Redirect-URI': NOK_REDIRECT } });
    const { browser, review } = await toReview(payment.authorisationId, hrefOf(payment.answer));
    expect(
      (
        await t.control(`/payments/${payment.paymentId}/amend`, {
          body: { instructedAmount: { currency: 'EUR', amount: '99.99' } },
        })
      ).status,
    ).toBe(200);
    const decided = await browser.post(`/sca/${payment.authorisationId}/decision`, {
      ...formFields(review.text),
      decision: 'approve',
    });
    expect(decided.location).toMatch(new RegExp(`^${NOK_REDIRECT}\\?state=`));
    const sca = await t.call({
      path: `/v1/payments/sepa-credit-transfers/${payment.paymentId}/authorisations/${payment.authorisationId}`,
      client: t.tpp,
    });
    expect(sca.json).toEqual({ scaStatus: 'failed' });
    expect(await transactionStatus(t, payment.paymentId)).toBe('RJCT');
  });
});

describe('portal payments', () => {
  async function portal() {
    const browser = formClient(t.sandbox.portalUrl);
    const login = await browser.get('/');
    await browser.post('/login', { ...formFields(login.text), psuId: 'anna', password: 'anna-1234' });
    return browser;
  }

  it('asks the payer to confirm a payee whose name does not match, and confirming sends it on (ACSP)', async () => {
    const payment = await created(
      t,
      transfer(anna, { creditorAccount: { iban: juergen }, creditorName: 'Juergen Gross' }),
    );
    await customerActs(t, payment.authorisationId, 'anna');
    expect(await transactionStatus(t, payment.paymentId)).toBe('PDNG');
    const browser = await portal();
    const page = await browser.get('/portal');
    expect(page.text).toContain('Confirm the payee');
    expect(page.text).toContain('Juergen Gross');
    const answer = await browser.post(`/portal/payments/${payment.paymentId}/payee`, {
      ...formFields(page.text),
      confirm: 'yes',
    });
    expect(answer.location).toBe('/portal?done=payee-confirmed');
    expect(await transactionStatus(t, payment.paymentId)).toBe('ACSP');
  });

  it('refusing the payee rejects the payment (RJCT)', async () => {
    const payment = await created(
      t,
      transfer(anna, { creditorAccount: { iban: juergen }, creditorName: 'Someone Else' }),
    );
    await customerActs(t, payment.authorisationId, 'anna');
    const browser = await portal();
    const page = await browser.get('/portal');
    await browser.post(`/portal/payments/${payment.paymentId}/payee`, { ...formFields(page.text), confirm: 'no' });
    expect(await transactionStatus(t, payment.paymentId)).toBe('RJCT');
  });

  it('cancels a future-dated payment not yet executed, and only the payer’s own', async () => {
    const payment = await created(t, transfer(anna, { requestedExecutionDate: '2026-03-20' }));
    await customerActs(t, payment.authorisationId, 'anna');
    const browser = await portal();
    const page = await browser.get('/portal');
    expect(page.text).toContain('Payments you can still cancel');
    const ben = formClient(t.sandbox.portalUrl);
    const benLogin = await ben.get('/');
    await ben.post('/login', { ...formFields(benLogin.text), psuId: 'ben', password: 'ben-1234' });
    const benPage = await ben.get('/portal');
    expect((await ben.post(`/portal/payments/${payment.paymentId}/cancel`, formFields(benPage.text))).status).toBe(404);
    const cancelled = await browser.post(`/portal/payments/${payment.paymentId}/cancel`, formFields(page.text));
    expect(cancelled.location).toBe('/portal?done=cancelled');
    expect(await transactionStatus(t, payment.paymentId)).toBe('CANC');
  });
});
