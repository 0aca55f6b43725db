/**
 * The SCA in a real browser driven by playwright-core: CHROMIUM_PATH, Playwright's own browser or
 * the system's Chromium, whichever is found first (test/helpers/tools.ts). Screenshots of each step go to
 * test-artifacts/sca/ (git-ignored).
 */
import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsent, ibansOf, NOK_REDIRECT, REDIRECT } from '../helpers/ais.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { chromiumPath } from '../helpers/tools.js';

const ARTIFACTS = new URL('../../test-artifacts/sca/', import.meta.url).pathname;
let t: TestSandbox;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  t = await testSandbox(await certificateFolder(), { clockStart: '2026-03-01T10:00:00Z' });
  browser = await chromium.launch({
    executablePath: await chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // Nothing but this machine: every other host name fails to resolve.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
    ],
  });
});
afterAll(async () => {
  await browser?.close();
  await t?.sandbox.close();
});

/** A page whose visits to the provider's addresses are answered locally, never sent anywhere. */
async function tppPage(): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.route('https://tpp.example/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Back at the provider</h1>' }),
  );
  return page;
}

async function consentLink(headers: Record<string, string> = {}) {
  const created = await createConsent(
    t,
    { access: { balances: [{ iban: ibansOf(t, 'anna')[0]! }] }, recurringIndicator: true, frequencyPerDay: 4 },
    { headers },
  );
  const href = (created.answer.json as { _links: { scaRedirect: { href: string } } })._links.scaRedirect.href;
  return { ...created, href, state: new URL(href).searchParams.get('state')! };
}

async function logInAndConfirmCode(page: Page, shot: string) {
  await page.getByLabel('User ID').fill('anna');
  await page.getByLabel('Password').fill('anna-1234');
  await page.screenshot({ path: `${ARTIFACTS}${shot}-1-login.png`, fullPage: true });
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByLabel('One-time code').waitFor();
  const code = (await page.getByTestId('sms-code').textContent())!.trim();
  const sms = (await t.control('/sms')).json as { code: string }[];
  expect(code).toBe(sms[0]!.code);
  await page.screenshot({ path: `${ARTIFACTS}${shot}-2-code.png`, fullPage: true });
  await page.getByLabel('One-time code').fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('button', { name: 'Approve' }).waitFor();
  await page.screenshot({ path: `${ARTIFACTS}${shot}-3-review.png`, fullPage: true });
}

const consentStatus = async (consentId: string) =>
  ((await t.call({ path: `/v1/consents/${consentId}/status`, client: t.tpp })).json as { consentStatus: string })
    .consentStatus;

describe('SCA in a real browser', () => {
  it('logs in, reads the code, approves, and lands on the provider redirect with the same state; the consent is valid', async () => {
    const consent = await consentLink();
    const page = await tppPage();
    await page.goto(consent.href);
    await logInAndConfirmCode(page, 'approve');
    await expect(page.getByText('xs2a-kit Test TPP').first().isVisible()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(/^https:\/\/tpp\.example\//);
    expect(page.url()).toBe(`${REDIRECT}?state=${consent.state}`);
    await page.screenshot({ path: `${ARTIFACTS}approve-4-back-at-provider.png` });
    expect(await consentStatus(consent.consentId)).toBe('valid');
    await page.close();
  });

  it('declines and lands on the NOK redirect with the state', async () => {
    const consent = await consentLink({ 'TPP-NOK-Redirect-URI': NOK_REDIRECT });
    const page = await tppPage();
    await page.goto(consent.href);
    await logInAndConfirmCode(page, 'decline');
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.waitForURL(/^https:\/\/tpp\.example\//);
    expect(page.url()).toBe(`${NOK_REDIRECT}?state=${consent.state}`);
    expect(await consentStatus(consent.consentId)).toBe('rejected');
    await page.close();
  });

  it('shows an expiry message after the clock moves 16 minutes, with nothing left to approve', async () => {
    const consent = await consentLink();
    const page = await tppPage();
    await page.goto(consent.href);
    await page.getByLabel('User ID').waitFor();
    await t.sandbox.clock.advance('PT16M');
    await page.reload();
    await page.getByText('This authorisation has expired').waitFor();
    await page.screenshot({ path: `${ARTIFACTS}expired.png`, fullPage: true });
    expect(await page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Log in' }).count()).toBe(0);
    await page.close();
  });
});
