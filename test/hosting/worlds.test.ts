/**
 * `--worlds organisation` in memory: each provider organisation gets its own world on its first
 * request (customers, clock, faults, journal, client report), calls its world's control API on the
 * mutual-TLS port under /sandbox/, and nothing of one world is visible from another (an id of
 * another world answers exactly like an unknown one). The operator lists, reads, resets and deletes
 * worlds on the customer-surface port, behind the control token.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendHttps } from '../../src/kit/client.js';
import { REDIRECT } from '../helpers/ais.js';
import { created, transfer } from '../helpers/pis.js';
import { formClient, formFields, throughCode } from '../helpers/form-client.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';
import type { ClientCertificate } from '../helpers/tls-client.js';

const TOKEN = 'operator-secret';
let t: TestSandbox;
let other: ClientCertificate;
const OWNER = 'PSDDE-BAFIN-123456';
const OTHER = 'PSDDE-BAFIN-654001';

beforeAll(async () => {
  t = await testSandbox(await certificateFolder(), { worlds: 'organisation', controlToken: TOKEN });
  const provider = await t.sandbox.provider('second-bank-tpp', { orgId: OTHER });
  other = { cert: provider.tls.cert.toString(), key: provider.tls.key.toString() };
});
afterAll(async () => {
  await t?.sandbox.close();
});

/** A control call of the caller's world, on the mutual-TLS port (not an XS2A operation: no contract check). */
const control = (client: ClientCertificate | null, path: string, body?: unknown) =>
  sendHttps(new URL(`/sandbox${path}`, t.sandbox.apiUrl), {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'X-Request-ID': randomUUID(),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    payload: body === undefined ? undefined : JSON.stringify(body),
    ca: t.ca,
    certificate: client ?? undefined,
  });

/** The operator's call, on the customer-surface port. */
const operator = async (path: string, init: { method?: string; token?: string | null } = {}) => {
  const token = init.token === undefined ? TOKEN : init.token;
  const res = await fetch(`${t.sandbox.portalUrl}/sandbox/worlds${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      ...(init.method && init.method !== 'GET' ? { 'content-type': 'application/json' } : {}),
    },
  });
  return { status: res.status, json: (await res.json()) as any };
};

async function approvedConsent(client: ClientCertificate, iban: string): Promise<string> {
  const made = await t.call({
    method: 'POST',
    path: '/v1/consents',
    client,
    headers: { 'TPP-Redirect-URI': REDIRECT },
    body: { access: { balances: [{ iban }] }, recurringIndicator: true, frequencyPerDay: 4 },
  });
  expect(made.status).toBe(201);
  const { consentId, authorisationId } = made.json as { consentId: string; authorisationId: string };
  const acted = await control(client, `/authorisations/${authorisationId}`, { psuId: 'anna', decision: 'approve' });
  expect((acted.json as { scaStatus: string }).scaStatus).toBe('finalised');
  return consentId;
}

describe('every provider organisation its own world', () => {
  it('refuses a control call of a provider that has no world yet, and one without a certificate', async () => {
    const early = await control(other, '/clock');
    expect(early.status).toBe(403);
    expect((early.json as any).tppMessages[0].code).toBe('ROLE_INVALID');
    const none = await control(null, '/clock');
    expect(none.status).toBe(401);
    expect((none.json as any).tppMessages[0].code).toBe('CERTIFICATE_MISSING');
  });

  it("keeps one world's consents unknown to the other, byte for byte as an unknown id", async () => {
    const consentId = await approvedConsent(t.tpp, 'DE12123456780000100001');
    const foreign = await t.call({ path: `/v1/consents/${consentId}`, client: other });
    const unknown = await t.call({ path: `/v1/consents/${randomUUID()}`, client: other });
    expect(foreign.status).toBe(403);
    expect(foreign.text).toBe(unknown.text);
    expect((await t.call({ path: `/v1/consents/${consentId}/status`, client: t.tpp })).json).toEqual({
      consentStatus: 'valid',
    });
  });

  it("answers another world's consent, payment and authorisations with the status, headers and body of unknown ones", async () => {
    const consentId = await approvedConsent(t.tpp, 'DE12123456780000100001');
    const payment = await created(t, transfer('DE12123456780000100001'));
    const unknownId = randomUUID();
    const paths = (consent: string, paymentId: string, authorisation: string) => [
      `/v1/consents/${consent}`,
      `/v1/consents/${consent}/status`,
      `/v1/consents/${consent}/authorisations`,
      `/v1/payments/sepa-credit-transfers/${paymentId}`,
      `/v1/payments/sepa-credit-transfers/${paymentId}/status`,
      `/v1/payments/sepa-credit-transfers/${paymentId}/authorisations/${authorisation}`,
      `/v1/accounts?consentId=${consent}`,
    ];
    const foreign = paths(consentId, payment.paymentId, payment.authorisationId);
    const unknown = paths(unknownId, unknownId, unknownId);
    // What differs between any two answers: the date, the echoed X-Request-ID.
    const comparable = (answer: { status: number; text: string; headers: Record<string, unknown> }) => {
      const { date: _date, 'x-request-id': _id, ...headers } = answer.headers;
      return { status: answer.status, headers, body: answer.text };
    };
    for (const [index, path] of foreign.entries()) {
      const theirs = await t.call({ path, client: other, headers: { 'Consent-ID': consentId } });
      const never = await t.call({ path: unknown[index]!, client: other, headers: { 'Consent-ID': unknownId } });
      expect(theirs.status, path).toBeGreaterThanOrEqual(400);
      expect(comparable(theirs), path).toEqual(comparable(never));
    }
  });

  it('gives each world its own customers, clock, faults and journal', async () => {
    const theirs = await control(other, '/customers');
    const ours = await control(t.tpp, '/customers');
    expect(theirs.status).toBe(200);
    const ibans = (answer: typeof ours) =>
      (answer.json as { accounts: { iban: string }[] }[]).flatMap((c) => c.accounts.map((a) => a.iban));
    // The named customers are in every world; the generated ones are the world's own.
    expect(ibans(theirs)).not.toEqual(ibans(ours));

    const before = (await control(t.tpp, '/clock')).json as { offsetMs: number };
    expect((await control(other, '/clock', { advance: 'P2D' })).status).toBe(200);
    expect(((await control(other, '/clock')).json as { offsetMs: number }).offsetMs).toBeGreaterThan(172_000_000);
    expect(((await control(t.tpp, '/clock')).json as { offsetMs: number }).offsetMs).toBe(before.offsetMs);

    expect((await control(other, '/faults', { kind: 'status', status: 503, retryAfter: 1, count: 1 })).status).toBe(
      201,
    );
    const path = `/v1/payments/sepa-credit-transfers/${randomUUID()}/status`;
    expect((await t.call({ path, client: t.tpp })).status).toBe(404);
    expect((await t.call({ path, client: other })).status).toBe(503);

    const journal = (await control(other, `/requests?path=${encodeURIComponent(path)}`)).json as {
      requests: { provider: string }[];
    };
    expect(journal.requests.map((r) => r.provider)).toEqual([OTHER]);
    const ownJournal = (await control(t.tpp, '/requests')).json as { requests: { provider: string }[] };
    expect(new Set(ownJournal.requests.map((r) => r.provider))).toEqual(new Set([OWNER]));
  });

  it('lets the operator list, read, reset and delete worlds behind the token', async () => {
    expect((await operator('', { token: null })).status).toBe(401);
    const listed = await operator('');
    expect(listed.status).toBe(200);
    expect(listed.json.worlds.map((w: { world: string }) => w.world).sort()).toEqual([OTHER, OWNER].sort());
    expect((await operator(`/${OTHER}`)).json).toMatchObject({ world: OTHER, members: [OTHER] });
    expect((await operator('/PSDDE-BAFIN-000000')).status).toBe(404);
    const clock = await operator(`/${OTHER}/clock`);
    expect(clock.status).toBe(200);

    const ours = await approvedConsent(t.tpp, 'DE12123456780000100001');
    const theirs = await approvedConsent(other, 'DE12123456780000100001');
    expect((await operator(`/${OTHER}/reset`, { method: 'POST' })).status).toBe(200);
    expect((await t.call({ path: `/v1/consents/${theirs}/status`, client: other })).status).toBe(403);
    expect((await t.call({ path: `/v1/consents/${ours}/status`, client: t.tpp })).json).toEqual({
      consentStatus: 'valid',
    });

    expect((await operator(`/${OTHER}`, { method: 'DELETE' })).json).toEqual({ deleted: OTHER });
    expect((await operator(`/${OTHER}`)).status).toBe(404);
    expect((await control(other, '/clock')).status).toBe(403);
  });

  it("lets a world's owner admit another organisation, which then shares its world and its rules across providers", async () => {
    const third = await t.sandbox.provider('third-tpp', { orgId: 'PSDDE-BAFIN-654003' });
    const thirdCert = { cert: third.tls.cert.toString(), key: third.tls.key.toString() };
    const malformed = await control(t.tpp, '/members', { organizationIdentifier: 'not-an-id' });
    expect(malformed.status).toBe(400);
    expect((malformed.json as any).tppMessages[0]).toMatchObject({
      code: 'FORMAT_ERROR',
      path: 'organizationIdentifier',
    });
    const admitted = await control(t.tpp, '/members', { organizationIdentifier: 'PSDDE-BAFIN-654003' });
    expect(admitted.status).toBe(201);
    expect((admitted.json as { members: string[] }).members).toEqual([OWNER, 'PSDDE-BAFIN-654003']);
    // One world: the same customers and clock; another provider's consent is still unknown to it.
    expect((await control(thirdCert, '/customers')).json).toEqual((await control(t.tpp, '/customers')).json);
    const consentId = await approvedConsent(t.tpp, 'DE12123456780000100001');
    const foreign = await t.call({ path: `/v1/consents/${consentId}`, client: thirdCert });
    expect(foreign.status).toBe(403);
    expect((foreign.json as any).tppMessages[0].code).toBe('CONSENT_UNKNOWN');
    expect((await control(thirdCert, '/members', { organizationIdentifier: 'PSDDE-BAFIN-654004' })).status).toBe(403);
    // An organisation with a world of its own is in another world: refused, nothing changed.
    await t.call({ path: `/v1/consents/${randomUUID()}`, client: other });
    const taken = await control(t.tpp, '/members', { organizationIdentifier: OTHER });
    expect(taken.status).toBe(400);
    expect((taken.json as any).tppMessages[0].path).toBe('organizationIdentifier');
    expect(((await control(t.tpp, '/members')).json as { members: string[] }).members).toEqual([
      OWNER,
      'PSDDE-BAFIN-654003',
    ]);
  });

  it('makes no world for a provider the register lists as withdrawn, and refuses it as a world would', async () => {
    const provider = await t.sandbox.provider('withdrawn-tpp', { orgId: 'PSDDE-BAFIN-999000' });
    const withdrawn = { cert: provider.tls.cert.toString(), key: provider.tls.key.toString() };
    const before = (await operator('')).json.worlds.length;
    for (const path of [`/v1/consents/${randomUUID()}`, '/v1/accounts']) {
      const refused = await t.call({ path, client: withdrawn });
      expect(refused.status).toBe(403);
      expect((refused.json as any).tppMessages[0]).toMatchObject({
        code: 'ROLE_INVALID',
        text: "The provider's authorisation has been withdrawn by its competent authority.",
      });
    }
    expect((await control(withdrawn, '/clock')).status).toBe(403);
    const after = (await operator('')).json.worlds as { world: string }[];
    expect(after).toHaveLength(before);
    expect(after.map((w) => w.world)).not.toContain('PSDDE-BAFIN-999000');
  });

  it('opens the customer portal in the world of the SCA page the browser last opened, never by a URL or a forged cookie', async () => {
    const ours = await approvedConsent(t.tpp, 'DE12123456780000100001');
    const made = await t.call({
      method: 'POST',
      path: '/v1/consents',
      client: other,
      headers: { 'TPP-Redirect-URI': REDIRECT },
      body: { access: { balances: [{ iban: 'DE12123456780000100001' }] }, recurringIndicator: true },
    });
    const { consentId: theirs, authorisationId } = made.json as { consentId: string; authorisationId: string };
    const link = new URL((made.json as { _links: { scaRedirect: { href: string } } })._links.scaRedirect.href);
    const browser = formClient(t.sandbox.portalUrl);
    const review = await throughCode(browser, link, authorisationId);
    expect(review.status).toBe(200);
    const approved = await browser.post(`/sca/${authorisationId}/decision`, {
      ...formFields(review.text),
      decision: 'approve',
    });
    expect(approved.status).toBe(302);
    expect(browser.jar.get('xs2a_world')).toMatch(/^PSDDE-BAFIN-654001\./);
    const login = await browser.get('/');
    expect(login.status).toBe(200);
    expect(
      (await browser.post('/login', { ...formFields(login.text), psuId: 'anna', password: 'anna-1234' })).location,
    ).toBe('/portal');
    const portal = await browser.get('/portal');
    expect(portal.status).toBe(200);
    expect(portal.text).toContain('Hello Anna Schmidt');
    // The other world's own consent is there; the owner's world's consent of the same customer is not.
    expect(portal.text).toContain(theirs);
    expect(portal.text).not.toContain(ours);

    // No SCA page opened: no portal. A cookie naming a world with another world's MAC, or none: the same.
    const stranger = formClient(t.sandbox.portalUrl);
    for (const cookie of [
      undefined,
      `PSDDE-BAFIN-123456.${browser.jar.get('xs2a_world')!.split('.').pop()!}`,
      'PSDDE-BAFIN-123456.AAAA',
      'PSDDE-BAFIN-123456',
    ]) {
      if (cookie === undefined) stranger.jar.delete('xs2a_world');
      else stranger.jar.set('xs2a_world', cookie);
      for (const path of ['/', '/portal']) {
        const page = await stranger.get(path);
        expect(page.status).toBe(404);
        expect(page.text).toContain('No portal here yet');
      }
    }
  });

  it("serves each SCA page from its authorisation's world", async () => {
    const made = await t.call({
      method: 'POST',
      path: '/v1/consents',
      client: other,
      headers: { 'TPP-Redirect-URI': REDIRECT },
      body: { access: { balances: [{ iban: 'DE12123456780000100001' }] }, recurringIndicator: true },
    });
    const link = new URL((made.json as { _links: { scaRedirect: { href: string } } })._links.scaRedirect.href);
    const page = await fetch(new URL(link.pathname + link.search, t.sandbox.portalUrl));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('User ID');
    const missing = await fetch(new URL(`/sca/${randomUUID()}?state=x`, t.sandbox.portalUrl));
    expect(missing.status).not.toBe(200);
  });
});

describe('the most worlds a facility holds (--max-worlds)', () => {
  it('refuses a new organisation beyond the quota, naming it, and makes nothing for it', async () => {
    const small = await testSandbox(await certificateFolder(), { worlds: 'organisation', maxWorlds: 1 });
    try {
      const provider = await small.sandbox.provider('late-tpp', { orgId: 'PSDDE-BAFIN-654009' });
      const late = { cert: provider.tls.cert.toString(), key: provider.tls.key.toString() };
      for (let i = 0; i < 2; i++) {
        const refused = await small.call({ path: `/v1/consents/${randomUUID()}`, client: late });
        expect(refused.status).toBe(403);
        expect((refused.json as any).tppMessages[0]).toMatchObject({ code: 'ROLE_INVALID' });
        expect((refused.json as any).tppMessages[0].text).toContain('max-worlds quota');
      }
      // The default provider's world, made at start, is the one world.
      expect((await small.call({ path: `/v1/consents/${randomUUID()}`, client: small.tpp })).status).toBe(403);
      const listed = await fetch(`${small.sandbox.portalUrl}/sandbox/worlds`);
      expect(((await listed.json()) as { worlds: { world: string }[] }).worlds.map((w) => w.world)).toEqual([OWNER]);
    } finally {
      await small.sandbox.close();
    }
  });
});
