import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createConsent, ibansOf, NOK_REDIRECT, REDIRECT } from '../helpers/ais.js';
import { formClient, formFields, throughCode as passCode } from '../helpers/form-client.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';

let t: TestSandbox;
let anna: string[];

beforeAll(async () => {
  t = await testSandbox(await certificateFolder(), { clockStart: '2026-03-01T10:00:00Z' });
  anna = ibansOf(t, 'anna');
});
afterAll(() => t.sandbox.close());
beforeEach(() => t.sandbox.reset());

async function newConsent(headers: Record<string, string> = {}) {
  const created = await createConsent(
    t,
    {
      access: { balances: [{ iban: anna[0]! }], transactions: [{ iban: 'DE89370400440532013000' }] },
      recurringIndicator: true,
    },
    { headers },
  );
  const link = new URL((created.answer.json as { _links: { scaRedirect: { href: string } } })._links.scaRedirect.href);
  return { ...created, link, state: link.searchParams.get('state')! };
}

const statusOf = async (consentId: string) =>
  ((await t.call({ path: `/v1/consents/${consentId}/status`, client: t.tpp })).json as { consentStatus: string })
    .consentStatus;
const scaStatusOf = async (consentId: string, authorisationId: string) =>
  (
    (await t.call({ path: `/v1/consents/${consentId}/authorisations/${authorisationId}`, client: t.tpp })).json as {
      scaStatus: string;
    }
  ).scaStatus;

/** Log in and enter the code: the browser ends on the review step. */
const throughCode = (browser: ReturnType<typeof formClient>, consent: Awaited<ReturnType<typeof newConsent>>) =>
  passCode(browser, consent.link, consent.authorisationId);

describe('SCA with plain form posts', () => {
  it('logs in, shows the code on the test phone, reviews and approves: 302 to the redirect URI with the same state', async () => {
    const consent = await newConsent();
    const browser = formClient(t.sandbox.portalUrl);
    const first = await browser.get(consent.link.pathname + consent.link.search);
    expect(first.status).toBe(200);
    expect(first.text).toContain('<label for="psuId">User ID</label>');
    expect(first.text).toContain('xs2a-kit Test TPP asks for access to your account information.');
    expect(await scaStatusOf(consent.consentId, consent.authorisationId)).toBe('received');
    const review = await throughCode(browser, consent);
    expect(review.text).toContain('Review and confirm');
    expect(review.text).toContain(anna[0]);
    expect(review.text).not.toContain('DE89370400440532013000');
    expect(review.text).toContain('Balances');
    expect(await scaStatusOf(consent.consentId, consent.authorisationId)).toBe('psuAuthenticated');
    const approved = await browser.post(`/sca/${consent.authorisationId}/decision`, {
      ...formFields(review.text),
      decision: 'approve',
    });
    expect(approved.status).toBe(302);
    expect(approved.location).toBe(`${REDIRECT}?state=${consent.state}`);
    expect(await statusOf(consent.consentId)).toBe('valid');
  });

  it('declines to the NOK redirect with state', async () => {
    const consent = await newConsent({ 'TPP-NOK-Redirect-URI': NOK_REDIRECT });
    const browser = formClient(t.sandbox.portalUrl);
    const review = await throughCode(browser, consent);
    const declined = await browser.post(`/sca/${consent.authorisationId}/decision`, {
      ...formFields(review.text),
      decision: 'decline',
    });
    expect(declined.location).toBe(`${NOK_REDIRECT}?state=${consent.state}`);
    expect(await statusOf(consent.consentId)).toBe('rejected');
  });

  it('stays on the login step after a wrong password, with a message and no state change', async () => {
    const consent = await newConsent();
    const browser = formClient(t.sandbox.portalUrl);
    const login = await browser.get(consent.link.pathname + consent.link.search);
    const wrong = await browser.post(`/sca/${consent.authorisationId}/login`, {
      ...formFields(login.text),
      psuId: 'anna',
      password: 'nope',
    });
    const again = await browser.get(wrong.location!);
    expect(again.text).toContain('The User ID or password is not right.');
    expect(await scaStatusOf(consent.consentId, consent.authorisationId)).toBe('received');
  });

  it('refuses a forged form (no token), an altered state and an unknown authorisation with a page, changing nothing', async () => {
    const consent = await newConsent();
    const browser = formClient(t.sandbox.portalUrl);
    await browser.get(consent.link.pathname + consent.link.search);
    const forged = await browser.post(`/sca/${consent.authorisationId}/login`, {
      state: consent.state,
      psuId: 'anna',
      password: 'anna-1234',
    });
    expect(forged.status).toBe(403);
    expect(forged.text).toContain('Form not accepted');
    const altered = await browser.get(`/sca/${consent.authorisationId}?state=00000000-0000-4000-8000-000000000000`);
    expect(altered.status).toBe(400);
    expect(altered.text).toContain('Link not valid');
    const unknown = await browser.get(`/sca/00000000-0000-4000-8000-000000000000?state=${consent.state}`);
    expect(unknown.status).toBe(404);
    expect(await scaStatusOf(consent.consentId, consent.authorisationId)).toBe('received');
  });

  it('cannot approve twice: a replayed decision form is refused', async () => {
    const consent = await newConsent();
    const browser = formClient(t.sandbox.portalUrl);
    const review = await throughCode(browser, consent);
    const fields = { ...formFields(review.text), decision: 'approve' };
    expect((await browser.post(`/sca/${consent.authorisationId}/decision`, fields)).status).toBe(302);
    const replay = await browser.post(`/sca/${consent.authorisationId}/decision`, { ...fields, decision: 'decline' });
    expect(replay.status).toBe(409);
    expect(await statusOf(consent.consentId)).toBe('valid');
  });

  it('does not let another browser continue after the customer logged in', async () => {
    const consent = await newConsent();
    await throughCode(formClient(t.sandbox.portalUrl), consent);
    const intruder = await formClient(t.sandbox.portalUrl).get(consent.link.pathname + consent.link.search);
    expect(intruder.status).toBe(403);
    expect(intruder.text).toContain('being completed in another browser');
  });

  it('shows an expiry page after 15 minutes and offers no form', async () => {
    const consent = await newConsent();
    const browser = formClient(t.sandbox.portalUrl);
    const login = await browser.get(consent.link.pathname + consent.link.search);
    await t.sandbox.clock.advance('PT16M');
    const expired = await browser.get(consent.link.pathname + consent.link.search);
    expect(expired.text).toContain('This authorisation has expired');
    expect(expired.text).not.toContain('<form');
    const late = await browser.post(`/sca/${consent.authorisationId}/login`, {
      ...formFields(login.text),
      psuId: 'anna',
      password: 'anna-1234',
    });
    expect(late.status).toBe(409);
    expect(await scaStatusOf(consent.consentId, consent.authorisationId)).toBe('failed');
  });

  it('fails after the third wrong code', async () => {
    const consent = await newConsent();
    const browser = formClient(t.sandbox.portalUrl);
    const login = await browser.get(consent.link.pathname + consent.link.search);
    let step = await browser.post(`/sca/${consent.authorisationId}/login`, {
      ...formFields(login.text),
      psuId: 'anna',
      password: 'anna-1234',
    });
    for (let i = 0; i < 3; i += 1) {
      const page = await browser.get(step.location!);
      step = await browser.post(`/sca/${consent.authorisationId}/code`, { ...formFields(page.text), otp: 'xxxxxx' });
    }
    expect((await browser.get(step.location!)).text).toContain('can no longer be completed');
    expect(await scaStatusOf(consent.consentId, consent.authorisationId)).toBe('failed');
  });
});
