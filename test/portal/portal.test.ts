import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ibansOf, validConsent } from '../helpers/ais.js';
import { formClient, formFields } from '../helpers/form-client.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';

let t: TestSandbox;

beforeAll(async () => {
  t = await testSandbox(await certificateFolder(), { clockStart: '2026-03-01T10:00:00Z' });
});
afterAll(() => t.sandbox.close());
beforeEach(() => t.sandbox.reset());

const statusOf = async (consentId: string) =>
  ((await t.call({ path: `/v1/consents/${consentId}/status`, client: t.tpp })).json as { consentStatus: string })
    .consentStatus;

async function loggedIn(psuId: string, password: string) {
  const browser = formClient(t.sandbox.portalUrl);
  const login = await browser.get('/');
  const answer = await browser.post('/login', { ...formFields(login.text), psuId, password });
  return { browser, answer };
}

describe('customer portal', () => {
  it('lists the consents the customer gave, with provider, data types, validity and status', async () => {
    const consentId = await validConsent(t, [], { access: { balances: [{ iban: ibansOf(t, 'anna')[0]! }] } });
    const { browser, answer } = await loggedIn('anna', 'anna-1234');
    expect([answer.status, answer.location]).toEqual([303, '/portal']);
    const page = await browser.get('/portal');
    expect(page.text).toContain('Hello Anna Schmidt');
    expect(page.text).toContain('xs2a-kit Test TPP');
    expect(page.text).toContain(`${ibansOf(t, 'anna')[0]}: balances`);
    expect(page.text).toContain('<span class="badge valid">valid</span>');
    expect(page.text).toContain(`/portal/consents/${consentId}/revoke`);
  });

  it('revokes a consent: revokedByPsu at once, and the provider is refused', async () => {
    const consentId = await validConsent(t, [ibansOf(t, 'anna')[0]!]);
    const { browser } = await loggedIn('anna', 'anna-1234');
    const page = await browser.get('/portal');
    const revoked = await browser.post(`/portal/consents/${consentId}/revoke`, formFields(page.text));
    expect([revoked.status, revoked.location]).toEqual([303, '/portal?done=revoked']);
    expect(await statusOf(consentId)).toBe('revokedByPsu');
    expect((await browser.get('/portal?done=revoked')).text).toContain('Access revoked.');
    const use = await t.call({ path: '/v1/accounts', client: t.tpp, headers: { 'Consent-ID': consentId } });
    expect(use.status).toBe(401);
  });

  it('refuses a wrong password, a forged form, and another customer’s consent, changing nothing', async () => {
    const wrong = await loggedIn('anna', 'wrong');
    expect(wrong.answer.location).toBe('/?error=login');
    const consentId = await validConsent(t, [ibansOf(t, 'anna')[0]!]);
    const { browser } = await loggedIn('anna', 'anna-1234');
    const forged = await browser.post(`/portal/consents/${consentId}/revoke`, { csrf: 'forged' });
    expect(forged.status).toBe(403);
    const ben = await loggedIn('ben', 'ben-1234');
    const benPage = await ben.browser.get('/portal');
    const foreign = await ben.browser.post(`/portal/consents/${consentId}/revoke`, formFields(benPage.text));
    expect(foreign.status).toBe(404);
    expect(await statusOf(consentId)).toBe('valid');
  });

  it('sends a visitor without a session back to the login page, and logs out', async () => {
    const anonymous = formClient(t.sandbox.portalUrl);
    expect((await anonymous.get('/portal')).location).toBe('/');
    const { browser } = await loggedIn('anna', 'anna-1234');
    const page = await browser.get('/portal');
    await browser.post('/logout', formFields(page.text));
    expect((await browser.get('/portal')).location).toBe('/');
  });
});
