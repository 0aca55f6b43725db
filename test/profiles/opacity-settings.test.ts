/**
 * What makes a client's treatment of links and `state` visible (issue 28 point 4): the bank-profile
 * setting `links.form` writes every href but scaRedirect as the whole address, and the
 * `opaqueState` option (outside the bank profile: it departs from the interface on purpose) makes
 * `state` a token that is no UUID. Each link still leads where it did, and the ceremony still ends
 * at the provider with the same state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/index.js';
import { UUID_V4 } from '../helpers/ais.js';
import { ibanOf, REDIRECT, sandboxServing } from '../helpers/profiles.js';
import { certificateFolder } from '../helpers/sandbox.js';

let plain: Sandbox;
let absolute: Sandbox;
let opaque: Sandbox;

beforeAll(async () => {
  const certsDir = await certificateFolder();
  [plain, absolute, opaque] = await Promise.all([
    sandboxServing(certsDir, undefined),
    sandboxServing(certsDir, { 'links.form': 'absolute' }),
    sandboxServing(certsDir, undefined, { opaqueState: true }),
  ]);
});
afterAll(() => Promise.all([plain, absolute, opaque].map((sandbox) => sandbox.close())));

interface Creation {
  consentId: string;
  authorisationId: string;
  _links: Record<string, { href: string }>;
}

async function createConsent(sandbox: Sandbox): Promise<{ created: Creation; location: string | null }> {
  const iban = ibanOf(sandbox);
  const answer = await sandbox.fetch('/v1/consents', {
    method: 'POST',
    headers: { 'TPP-Redirect-URI': REDIRECT },
    body: JSON.stringify({
      access: { balances: [{ iban }], transactions: [{ iban }] },
      recurringIndicator: true,
      validUntil: '2099-12-31',
      frequencyPerDay: 4,
    }),
  });
  expect(answer.status).toBe(201);
  return { created: (await answer.json()) as Creation, location: answer.headers.get('location') };
}

describe('links.form', () => {
  it('relative by default: every href but scaRedirect is a path under the base URL', async () => {
    const { created, location } = await createConsent(plain);
    expect(created._links.self!.href).toBe(`/v1/consents/${created.consentId}`);
    expect(location).toBe(created._links.self!.href);
    expect(created._links.scaRedirect!.href.startsWith(`${plain.portalUrl}/sca/`)).toBe(true);
  });

  it('absolute: every href but scaRedirect is the whole address, Location too, and each leads where the path did', async () => {
    const { created, location } = await createConsent(absolute);
    const base = `${absolute.apiUrl}/v1/consents/${created.consentId}`;
    expect({
      self: created._links.self!.href,
      status: created._links.status!.href,
      scaStatus: created._links.scaStatus!.href,
      location,
    }).toEqual({
      self: base,
      status: `${base}/status`,
      scaStatus: `${base}/authorisations/${created.authorisationId}`,
      location: base,
    });
    expect(created._links.scaRedirect!.href.startsWith(`${absolute.portalUrl}/sca/`)).toBe(true);
    const status = await absolute.fetch(created._links.status!.href);
    expect(await status.json()).toEqual({ consentStatus: 'received' });
  });

  it('absolute: the transactions page links (account, next) are whole addresses and next leads on', async () => {
    const { created } = await createConsent(absolute);
    await absolute.psu('anna').approve(created.authorisationId);
    const account = absolute.customers().find((customer) => customer.psuId === 'anna')!.accounts[0]!;
    const headers = { 'Consent-ID': created.consentId, 'PSU-IP-Address': '192.0.2.1' };
    const first = (await (
      await absolute.fetch(`/v1/accounts/${account.resourceId}/transactions?bookingStatus=both`, { headers })
    ).json()) as { transactions: { _links: Record<string, { href: string }> } };
    const links = first.transactions._links;
    expect(links.account!.href).toBe(`${absolute.apiUrl}/v1/accounts/${account.resourceId}`);
    expect(links.next!.href.startsWith(`${absolute.apiUrl}/v1/accounts/${account.resourceId}/transactions?`)).toBe(
      true,
    );
    expect((await absolute.fetch(links.next!.href, { headers })).status).toBe(200);
  });
});

describe('the opaqueState option', () => {
  it('makes state a token that is no UUID, appended to scaRedirect and handed back on the return unchanged', async () => {
    const { created } = await createConsent(opaque);
    const state = new URL(created._links.scaRedirect!.href).searchParams.get('state')!;
    expect(state).toMatch(/^st_[A-Za-z0-9_-]{24}$/);
    expect(state).not.toMatch(UUID_V4);
    const outcome = await opaque.psu('anna').approve(created.authorisationId);
    expect(new URL(outcome.redirect!).searchParams.get('state')).toBe(state);
  });

  it('is off by default: state is a UUID v4', async () => {
    const { created } = await createConsent(plain);
    expect(new URL(created._links.scaRedirect!.href).searchParams.get('state')).toMatch(UUID_V4);
  });
});
