/**
 * What a careful client does is never a finding (issue 28: "a rule that would flag a well-behaved
 * client is wrong"): a refusal retried once what decides it changed, a 429 or 503 retried after its
 * Retry-After, a budget used again the next day or by an attended read, hrefs followed as given in
 * either form, a consent read while the customer decides.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { codeOf, createConsent, customerActs, ibansOf, REDIRECT, resourceIdOf } from '../helpers/ais.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { rawCaller, type RawCall } from '../faults/raw-call.js';

let t: TestSandbox;
let certs: string;

beforeAll(async () => {
  certs = await certificateFolder();
  t = await testSandbox(certs, { clockStart: '2026-03-02T10:00:00Z' });
});
afterAll(() => t.sandbox.close());
beforeEach(() => t.sandbox.reset());

const send = (call: RawCall) => rawCaller(t)(call);
const anna = () => ibansOf(t, 'anna')[0]!;
const balancesPath = () => `/v1/accounts/${resourceIdOf(t, anna())}/balances`;
const balances = (consentId: string, headers: Record<string, string> = {}) =>
  send({ path: balancesPath(), headers: { 'Consent-ID': consentId, ...headers } });
const refs = () => [{ iban: anna() }];

async function approved(): Promise<string> {
  const created = await createConsent(t, {
    access: { balances: refs() },
    recurringIndicator: true,
    frequencyPerDay: 4,
  });
  await customerActs(t, created.authorisationId, 'anna');
  return created.consentId;
}

describe('a careful client meets no finding when it', () => {
  it('reads with a consent refused as not yet approved, then again once the customer approved', async () => {
    const created = await createConsent(t, {
      access: { balances: refs() },
      recurringIndicator: true,
      frequencyPerDay: 4,
    });
    const early = await balances(created.consentId);
    expect([early.status, codeOf(early)]).toEqual([401, 'CONSENT_INVALID']);
    await send({ path: `/v1/consents/${created.consentId}/status` });
    await send({ path: `/v1/consents/${created.consentId}/status` });
    await customerActs(t, created.authorisationId, 'anna');
    expect((await balances(created.consentId)).status).toBe(200);
    expect(t.sandbox.clientReport().findings).toEqual([]);
  });

  it('reads again once a 429’s Retry-After has passed on the sandbox clock', async () => {
    const consentId = await approved();
    await t.sandbox.faults.add({
      kind: 'status',
      status: 429,
      retryAfter: 30,
      count: 1,
      match: { path: '/v1/accounts/**' },
    });
    expect((await balances(consentId)).status).toBe(429);
    await t.sandbox.clock.advance('PT30S');
    expect((await balances(consentId)).status).toBe(200);
    expect(t.sandbox.clientReport().findings).toEqual([]);
  });

  it('sends a 503’s request again after its Retry-After, and a payment under the same key', async () => {
    await t.sandbox.faults.add({ kind: 'status', status: 503, retryAfter: 2, count: 1 });
    const body = {
      debtorAccount: { iban: anna() },
      instructedAmount: { currency: 'EUR', amount: '5.00' },
      creditorAccount: { iban: 'DE89370400440532013000' },
      creditorName: 'Merchant GmbH',
    };
    const requestId = randomUUID();
    const call = {
      method: 'POST',
      path: '/v1/payments/sepa-credit-transfers',
      headers: { 'TPP-Redirect-URI': REDIRECT },
      body,
      requestId,
    };
    expect((await send(call)).status).toBe(503);
    await t.sandbox.clock.advance('PT2S');
    expect((await send(call)).status).toBe(201);
    expect(t.sandbox.clientReport().findings).toEqual([]);
  });

  it('reads attended after the unattended budget is spent, and unattended again the next day', async () => {
    const consentId = await approved();
    for (let i = 0; i < 4; i++) expect((await balances(consentId)).status).toBe(200);
    expect((await balances(consentId, { 'PSU-IP-Address': '192.0.2.10' })).status).toBe(200);
    await t.sandbox.clock.set(new Date('2026-03-03T00:00:01Z'));
    expect((await balances(consentId)).status).toBe(200);
    expect(t.sandbox.clientReport().findings).toEqual([]);
  });

  it('follows hrefs as given when the bank writes them as whole addresses', async () => {
    const absolute = await testSandbox(certs, { profile: { settings: { 'links.form': 'absolute' } } });
    try {
      const created = await createConsent(absolute, {
        access: { balances: [{ iban: ibansOf(absolute, 'anna')[0]! }] },
        recurringIndicator: true,
        frequencyPerDay: 4,
      });
      const links = (created.answer.json as { _links: Record<string, { href: string }> })._links;
      expect(links.status!.href).toMatch(/^https:\/\//);
      expect((await rawCaller(absolute)({ path: links.status!.href })).status).toBe(200);
      expect((await rawCaller(absolute)({ path: links.self!.href })).status).toBe(200);
      expect(absolute.sandbox.clientReport().findings).toEqual([]);
    } finally {
      await absolute.sandbox.close();
    }
  });

  it('but slicing an absolute href onto its base URL is CLIENT-ENDPOINT', async () => {
    const absolute = await testSandbox(certs, { profile: { settings: { 'links.form': 'absolute' } } });
    try {
      const created = await createConsent(absolute, {
        access: { balances: [{ iban: ibansOf(absolute, 'anna')[0]! }] },
        recurringIndicator: true,
        frequencyPerDay: 4,
      });
      const href = (created.answer.json as { _links: { status: { href: string } } })._links.status.href;
      // A client that assumed relative hrefs and glued the href onto its own /v1 base.
      await rawCaller(absolute)({ path: `/v1/${new URL(href).pathname}` });
      expect(absolute.sandbox.clientReport().findings.map((finding) => finding.rule)).toEqual(['CLIENT-ENDPOINT']);
    } finally {
      await absolute.sandbox.close();
    }
  });
});
