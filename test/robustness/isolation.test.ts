import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueQwac } from '../../src/certs/index.js';
import { customerActs, ibansOf, REDIRECT, resourceIdOf, validConsent } from '../helpers/ais.js';
import { created, STANDARD, transfer } from '../helpers/pis.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';
import type { ClientCertificate } from '../helpers/tls-client.js';
import { keepAliveClient, type RawAnswer } from '../helpers/keep-alive-client.js';

let t: TestSandbox;
let owner: ReturnType<typeof keepAliveClient>;
let intruder: ReturnType<typeof keepAliveClient>;
let other: ClientCertificate;
let iban: string;
let ais: { consentId: string; authorisationId: string };
let cof: { consentId: string; authorisationId: string };
let payment: { paymentId: string; authorisationId: string };

beforeAll(async () => {
  t = await testSandbox(await certificateFolder(), { clockStart: '2026-03-02T10:00:00Z' });
  other = issueQwac({
    ca: { cert: t.ca, key: t.caKey },
    name: 'Intruder TPP',
    organizationIdentifier: 'PSDDE-BAFIN-999999',
    roles: ['PSP_AI', 'PSP_PI', 'PSP_IC'],
  });
  owner = keepAliveClient(t.sandbox.apiUrl, t.ca, t.tpp, 2);
  intruder = keepAliveClient(t.sandbox.apiUrl, t.ca, other, 2);
  iban = ibansOf(t, 'anna')[0]!;
  const consentId = await validConsent(t, [iban]);
  const auths = await t.call({ path: `/v1/consents/${consentId}/authorisations`, client: t.tpp });
  ais = { consentId, authorisationId: (auths.json as { authorisationIds: string[] }).authorisationIds[0]! };
  const cofAnswer = await t.call({
    method: 'POST',
    path: '/v1/consents/confirmation-of-funds',
    client: t.tpp,
    headers: { 'TPP-Redirect-URI': REDIRECT },
    body: { account: { iban } },
  });
  cof = cofAnswer.json as { consentId: string; authorisationId: string };
  await customerActs(t, cof.authorisationId, 'anna');
  payment = await created(t, transfer(iban));
});
afterAll(async () => {
  owner.close();
  intruder.close();
  await t.sandbox.close();
});

/** Everything but the correlation id and the clock: the two answers must be the same bytes. */
function comparable(answer: RawAnswer) {
  const { 'x-request-id': _id, date: _date, ...headers } = answer.headers;
  return { status: answer.status, headers, text: answer.text };
}

async function intrude(method: string, path: string, extra: Record<string, string> = {}, body?: unknown) {
  return intruder.send({
    method,
    path,
    headers: {
      'X-Request-ID': randomUUID(),
      ...extra,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

const unknown = () => randomUUID();

describe('isolation between providers', () => {
  it('answers another provider’s consent exactly like an unknown one on every consent operation, and leaves it untouched', async () => {
    const cases: [string, (consentId: string, authorisationId: string) => string][] = [
      ['GET', (c) => `/v1/consents/${c}`],
      ['GET', (c) => `/v1/consents/${c}/status`],
      ['GET', (c) => `/v1/consents/${c}/authorisations`],
      ['GET', (c, a) => `/v1/consents/${c}/authorisations/${a}`],
      ['DELETE', (c) => `/v1/consents/${c}`],
    ];
    for (const [method, path] of cases) {
      const foreign = await intrude(method, path(ais.consentId, ais.authorisationId));
      const missing = await intrude(method, path(unknown(), unknown()));
      expect(foreign.status).toBe(403);
      expect(JSON.parse(foreign.text)).toMatchObject({ tppMessages: [{ code: 'CONSENT_UNKNOWN' }] });
      expect(comparable(foreign)).toEqual(comparable(missing));
    }
    const cofCases: [string, (consentId: string) => string][] = [
      ['GET', (c) => `/v1/consents/confirmation-of-funds/${c}`],
      ['GET', (c) => `/v1/consents/confirmation-of-funds/${c}/status`],
      ['DELETE', (c) => `/v1/consents/confirmation-of-funds/${c}`],
    ];
    for (const [method, path] of cofCases) {
      const foreign = await intrude(method, path(cof.consentId));
      const missing = await intrude(method, path(unknown()));
      expect(foreign.status).toBe(403);
      expect(comparable(foreign)).toEqual(comparable(missing));
    }
    for (const consentId of [ais.consentId, cof.consentId]) {
      const kind = consentId === cof.consentId ? 'confirmation-of-funds/' : '';
      const status = await owner.send({
        method: 'GET',
        path: `/v1/consents/${kind}${consentId}/status`,
        headers: { 'X-Request-ID': randomUUID() },
      });
      expect(JSON.parse(status.text)).toEqual({ consentStatus: 'valid' });
    }
  });

  it('answers account data and funds confirmations under another provider’s consent exactly like under an unknown one, spending nothing', async () => {
    const account = resourceIdOf(t, iban);
    for (const path of [
      '/v1/accounts',
      `/v1/accounts/${account}`,
      `/v1/accounts/${account}/balances`,
      `/v1/accounts/${account}/transactions`,
    ]) {
      const foreign = await intrude('GET', path, { 'Consent-ID': ais.consentId });
      const missing = await intrude('GET', path, { 'Consent-ID': unknown() });
      expect(foreign.status).toBe(403);
      expect(comparable(foreign)).toEqual(comparable(missing));
    }
    const funds = { account: { iban }, instructedAmount: { currency: 'EUR', amount: '1.00' } };
    const foreign = await intrude('POST', '/v1/funds-confirmations', { 'Consent-ID': cof.consentId }, funds);
    const missing = await intrude('POST', '/v1/funds-confirmations', { 'Consent-ID': unknown() }, funds);
    expect(foreign.status).toBe(403);
    expect(comparable(foreign)).toEqual(comparable(missing));
    const balances = await owner.send({
      method: 'GET',
      path: `/v1/accounts/${account}/balances`,
      headers: { 'X-Request-ID': randomUUID(), 'Consent-ID': ais.consentId, 'PSU-IP-Address': '192.0.2.1' },
    });
    expect(balances.status).toBe(200);
    expect(balances.headers['x-ratelimit-remaining']).toBe('4');
  });

  it('answers another provider’s payment with the same 404 as an unknown one on every payment operation, and leaves it untouched', async () => {
    const base = (p: string) => `/v1/payments/${STANDARD}/${p}`;
    const cases: [string, (paymentId: string, authorisationId: string) => string][] = [
      ['GET', (p) => base(p)],
      ['GET', (p) => `${base(p)}/status`],
      ['GET', (p) => `${base(p)}/authorisations`],
      ['GET', (p, a) => `${base(p)}/authorisations/${a}`],
      ['DELETE', (p) => base(p)],
    ];
    for (const [method, path] of cases) {
      const foreign = await intrude(method, path(payment.paymentId, payment.authorisationId));
      const missing = await intrude(method, path(unknown(), unknown()));
      expect(foreign.status).toBe(404);
      expect(comparable(foreign)).toEqual(comparable(missing));
    }
    const status = await owner.send({
      method: 'GET',
      path: `${base(payment.paymentId)}/status`,
      headers: { 'X-Request-ID': randomUUID() },
    });
    expect(JSON.parse(status.text)).toEqual({ transactionStatus: 'RCVD' });
  });
});
