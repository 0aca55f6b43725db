/**
 * Issue 28 "Done when": for every client rule, a client that breaks it exactly once meets exactly
 * that finding, with the exchange that broke it as evidence (request and answer, masked).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { issueQwac } from '../../src/certs/index.js';
import { CLIENT_RULES } from '../../src/sim/judge/client-rules.js';
import type { ClientFinding } from '../../src/sim/judge/findings.js';
import { codeOf, ibansOf, REDIRECT, resourceIdOf, validConsent } from '../helpers/ais.js';
import { paymentRows, STANDARD, transfer } from '../helpers/pis.js';
import { callbackReceiver, type CallbackReceiver } from '../helpers/callback-receiver.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';
import type { ClientCertificate } from '../helpers/tls-client.js';
import { rawCaller, type RawCall } from '../faults/raw-call.js';

let t: TestSandbox;
let other: ClientCertificate;
let receiver: CallbackReceiver;
const PROVIDER = 'PSDDE-BAFIN-123456';
/** What the sandbox logged: an exception of the judge would show here, the request answered all the same. */
const logged: string[] = [];

beforeAll(async () => {
  const certs = await certificateFolder();
  t = await testSandbox(certs, {
    clockStart: '2026-03-02T10:00:00Z',
    callbackCa: [`${certs}/ca.crt`],
    log: (line) => logged.push(line),
  });
  other = issueQwac({
    ca: { cert: t.ca, key: t.caKey },
    name: 'Other TPP',
    organizationIdentifier: 'PSDDE-BAFIN-654321',
    roles: ['PSP_AI', 'PSP_PI'],
  });
  receiver = await callbackReceiver(certs);
});
afterAll(async () => {
  await t.sandbox.close();
  receiver.close();
});
beforeEach(async () => {
  await t.sandbox.reset();
  receiver.status = 200;
  receiver.received.length = 0;
});

const send = (call: RawCall) => rawCaller(t)(call);
const anna = () => ibansOf(t, 'anna')[0]!;
const balancesPath = () => `/v1/accounts/${resourceIdOf(t, anna())}/balances`;
const balances = (consentId: string, headers: Record<string, string> = {}) =>
  send({ path: balancesPath(), headers: { 'Consent-ID': consentId, ...headers } });
const initiation = (body: unknown, requestId = randomUUID()) =>
  send({
    method: 'POST',
    path: `/v1/payments/${STANDARD}`,
    headers: { 'TPP-Redirect-URI': REDIRECT },
    body,
    requestId,
  });

/** The report's findings as `rule provider: METHOD path → status` of the exchange that broke the rule. */
function findings(): { rule: string; provider: string; last: string }[] {
  return t.sandbox.clientReport().findings.map((finding: ClientFinding) => {
    const last = finding.exchanges.at(-1)!;
    return {
      rule: finding.rule,
      provider: finding.provider,
      last: `${last.request.method} ${last.request.path} → ${last.answer?.status ?? 'none'}`,
    };
  });
}

it('has a test below for every rule of the catalogue', () => {
  const tested = [
    'CLIENT-RETRY-4XX',
    'CLIENT-RETRY-AFTER',
    'CLIENT-RATE-REMAINING',
    'CLIENT-BACKOFF',
    'CLIENT-PAYMENT-KEY',
    'CLIENT-REQUEST-ID-FORM',
    'CLIENT-REQUEST-ID-NEW',
    'CLIENT-CONSENT-ENDED',
    'CLIENT-MALFORMED',
    'CLIENT-ENDPOINT',
    'CLIENT-ACCOUNT-ID',
    'CLIENT-FOREIGN-ID',
    'CLIENT-CALLBACK-ACK',
  ];
  expect(CLIENT_RULES.map((rule) => rule.id).sort()).toEqual([...tested].sort());
});

it('judges any JSON a client sends: an amount and a currency that are objects no string can be made of', async () => {
  const body = transfer(anna()) as Record<string, any>;
  // JSON can name a member toString or valueOf; String() of such an object throws.
  body.instructedAmount = { amount: { toString: 1 }, currency: { valueOf: {}, toString: {} } };
  for (let attempt = 0; attempt < 2; attempt++) {
    const answer = await initiation(body);
    expect(answer.status).toBe(400);
    expect((answer.json as { tppMessages: { code: string }[] }).tppMessages[0]!.code).toBe('FORMAT_ERROR');
  }
  expect(logged.filter((line) => line.includes('listener failed'))).toEqual([]);
  // Each, under its own X-Request-ID, judged as the malformed request it is.
  expect(findings().map((finding) => finding.rule)).toEqual(['CLIENT-MALFORMED', 'CLIENT-MALFORMED']);
});

describe('a client that breaks one rule once meets exactly that finding', () => {
  it('CLIENT-RETRY-4XX: the same refused status read sent again unchanged', async () => {
    const path = `/v1/payments/${STANDARD}/${randomUUID()}/status`;
    expect((await send({ path })).status).toBe(404);
    expect(findings()).toEqual([]);
    await send({ path });
    expect(findings()).toEqual([{ rule: 'CLIENT-RETRY-4XX', provider: PROVIDER, last: `GET ${path} → 404` }]);
    expect(t.sandbox.clientReport().findings[0]!.exchanges).toHaveLength(2);
  });

  it('CLIENT-RETRY-AFTER: a read sent again before the 429’s Retry-After', async () => {
    const consentId = await validConsent(t, [anna()]);
    await t.sandbox.faults.add({
      kind: 'status',
      status: 429,
      retryAfter: 30,
      count: 1,
      match: { path: '/v1/accounts/**' },
    });
    expect((await balances(consentId)).status).toBe(429);
    await t.sandbox.clock.advance('PT10S');
    expect((await balances(consentId)).status).toBe(200);
    expect(findings()).toEqual([
      { rule: 'CLIENT-RETRY-AFTER', provider: PROVIDER, last: `GET ${balancesPath()} → 200` },
    ]);
    expect(t.sandbox.clientReport().findings[0]!.consentId).toBe(consentId);
  });

  it('CLIENT-RATE-REMAINING: an unattended read after X-RateLimit-Remaining: 0, before its reset', async () => {
    const consentId = await validConsent(t, [anna()]);
    const remaining = [];
    for (let i = 0; i < 4; i++) remaining.push((await balances(consentId)).headers['x-ratelimit-remaining']);
    expect(remaining).toEqual(['3', '2', '1', '0']);
    expect(findings()).toEqual([]);
    expect((await balances(consentId)).status).toBe(429);
    expect(findings()).toEqual([
      { rule: 'CLIENT-RATE-REMAINING', provider: PROVIDER, last: `GET ${balancesPath()} → 429` },
    ]);
  });

  it('CLIENT-BACKOFF: a read sent again at once after a 503 whose Retry-After asked for 2 s', async () => {
    const consentId = await validConsent(t, [anna()]);
    await t.sandbox.faults.add({
      kind: 'status',
      status: 503,
      retryAfter: 2,
      count: 1,
      match: { path: '/v1/accounts/**' },
    });
    expect((await balances(consentId)).status).toBe(503);
    expect((await balances(consentId)).status).toBe(200);
    expect(findings()).toEqual([{ rule: 'CLIENT-BACKOFF', provider: PROVIDER, last: `GET ${balancesPath()} → 200` }]);
  });

  it('ADVICE-BACKOFF, no finding: a read sent again at once after a 503 that named no Retry-After', async () => {
    const consentId = await validConsent(t, [anna()]);
    await t.sandbox.faults.add({ kind: 'status', status: 503, count: 1, match: { path: '/v1/accounts/**' } });
    expect((await balances(consentId)).status).toBe(503);
    expect((await balances(consentId)).status).toBe(200);
    const report = t.sandbox.clientReport();
    expect(report.findings).toEqual([]);
    expect(report.hints.map((hint) => hint.rule)).toEqual(['ADVICE-BACKOFF']);
  });

  it('CLIENT-PAYMENT-KEY: a lost answer, then the same payment under a new X-Request-ID (two payments stored)', async () => {
    await t.sandbox.faults.add({ kind: 'lost-answer', count: 1, match: { method: 'POST', path: '/v1/payments/*' } });
    const body = transfer(anna());
    await expect(initiation(body)).rejects.toThrow();
    await t.sandbox.clock.advance('PT2S');
    expect((await initiation(body)).status).toBe(201);
    expect(await paymentRows(t)).toHaveLength(2);
    expect(findings()).toEqual([
      { rule: 'CLIENT-PAYMENT-KEY', provider: PROVIDER, last: `POST /v1/payments/${STANDARD} → 201` },
    ]);
    const [finding] = t.sandbox.clientReport().findings;
    expect(finding!.exchanges.map((exchange) => exchange.answer?.status ?? null)).toEqual([null, 201]);
    expect(finding!.severity).toBe('critical');
  });

  it('CLIENT-PAYMENT-KEY: a 503 on an initiation, then the same payment under a new X-Request-ID after its Retry-After', async () => {
    await t.sandbox.faults.add({ kind: 'status', status: 503, retryAfter: 2, count: 1, match: { method: 'POST' } });
    const body = transfer(anna());
    expect((await initiation(body)).status).toBe(503);
    await t.sandbox.clock.advance('PT2S');
    expect((await initiation(body)).status).toBe(201);
    expect(findings()).toEqual([
      { rule: 'CLIENT-PAYMENT-KEY', provider: PROVIDER, last: `POST /v1/payments/${STANDARD} → 201` },
    ]);
    // The faulted request is kept as sent: its body is in the evidence.
    expect(t.sandbox.clientReport().findings[0]!.exchanges[0]!.request.body).toEqual(body);
  });

  it('CLIENT-REQUEST-ID-FORM: a request whose X-Request-ID is no UUID', async () => {
    const answer = await send({ path: '/v1/revocation-callback', requestId: 'request-1' });
    expect(answer.status).toBe(400);
    expect(findings()).toEqual([
      { rule: 'CLIENT-REQUEST-ID-FORM', provider: PROVIDER, last: 'GET /v1/revocation-callback → 400' },
    ]);
  });

  it('CLIENT-REQUEST-ID-NEW: a second payment initiated under the first one’s X-Request-ID', async () => {
    const requestId = randomUUID();
    const initiate = (amount: string) =>
      send({
        path: `/v1/payments/${STANDARD}`,
        method: 'POST',
        body: { ...transfer(anna()), instructedAmount: { currency: 'EUR', amount } },
        requestId,
        headers: { 'TPP-Redirect-URI': REDIRECT },
      });
    expect((await initiate('10.00')).status).toBe(201);
    expect((await initiate('12.00')).status).toBe(409);
    expect(findings()).toEqual([
      { rule: 'CLIENT-REQUEST-ID-NEW', provider: PROVIDER, last: `POST /v1/payments/${STANDARD} → 409` },
    ]);
  });

  it('ADVICE-REQUEST-ID-NEW, no finding: a correlation id used on two different requests', async () => {
    const requestId = randomUUID();
    await send({ path: '/v1/revocation-callback', requestId });
    await send({
      path: `/v1/payments/${STANDARD}`,
      method: 'POST',
      body: transfer(anna()),
      requestId,
      headers: { 'TPP-Redirect-URI': REDIRECT },
    });
    const report = t.sandbox.clientReport();
    expect(report.findings).toEqual([]);
    expect(report.hints.map((hint) => [hint.rule, hint.exchanges.length])).toEqual([['ADVICE-REQUEST-ID-NEW', 2]]);
  });

  it('CLIENT-CONSENT-ENDED: a read with a consent the client deleted', async () => {
    const consentId = await validConsent(t, [anna()]);
    expect((await send({ method: 'DELETE', path: `/v1/consents/${consentId}` })).status).toBe(204);
    expect((await balances(consentId)).status).toBe(401);
    expect(findings()).toEqual([
      { rule: 'CLIENT-CONSENT-ENDED', provider: PROVIDER, last: `GET ${balancesPath()} → 401` },
    ]);
  });

  it('CLIENT-CONSENT-ENDED: a read after the revocation callback was delivered', async () => {
    await send({ method: 'PUT', path: '/v1/revocation-callback', body: { url: receiver.url } });
    const consentId = await validConsent(t, [anna()]);
    await t.sandbox.psu('anna').revoke(consentId);
    await t.sandbox.flushCallbacks();
    expect(findings()).toEqual([]);
    await balances(consentId);
    expect(findings().map((finding) => finding.rule)).toEqual(['CLIENT-CONSENT-ENDED']);
  });

  it('CLIENT-CONSENT-ENDED: a read again after CONSENT_EXPIRED (not also a retried 4xx)', async () => {
    const consentId = await validConsent(t, [anna()], { validUntil: '2026-03-03' });
    await t.sandbox.clock.set(new Date('2026-03-04T10:00:00Z'));
    const first = await balances(consentId);
    expect([first.status, codeOf(first)]).toEqual([401, 'CONSENT_EXPIRED']);
    expect(findings()).toEqual([]);
    await balances(consentId);
    expect(findings()).toEqual([
      { rule: 'CLIENT-CONSENT-ENDED', provider: PROVIDER, last: `GET ${balancesPath()} → 401` },
    ]);
  });

  it('CLIENT-CONSENT-ENDED: a read after the consent’s status read revokedByPsu', async () => {
    const consentId = await validConsent(t, [anna()]);
    await t.sandbox.psu('anna').revoke(consentId);
    expect((await send({ path: `/v1/consents/${consentId}/status` })).json).toEqual({ consentStatus: 'revokedByPsu' });
    await balances(consentId);
    expect(findings().map((finding) => finding.rule)).toEqual(['CLIENT-CONSENT-ENDED']);
  });

  it('CLIENT-MALFORMED: a consent request without access, naming the field', async () => {
    const answer = await send({
      method: 'POST',
      path: '/v1/consents',
      headers: { 'TPP-Redirect-URI': REDIRECT },
      body: { recurringIndicator: true, validUntil: '2026-04-01', frequencyPerDay: 4 },
    });
    expect(answer.status).toBe(400);
    expect(findings()).toEqual([{ rule: 'CLIENT-MALFORMED', provider: PROVIDER, last: 'POST /v1/consents → 400' }]);
    expect(t.sandbox.clientReport().findings[0]!.field).toBe('access');
  });

  it('CLIENT-ENDPOINT: a path no endpoint has', async () => {
    expect((await send({ path: '/v1/acounts' })).status).toBe(404);
    expect(findings()).toEqual([{ rule: 'CLIENT-ENDPOINT', provider: PROVIDER, last: 'GET /v1/acounts → 404' }]);
  });

  it('CLIENT-ACCOUNT-ID: an IBAN where the resourceId belongs', async () => {
    const consentId = await validConsent(t, [anna()]);
    const path = `/v1/accounts/${anna()}/balances`;
    await send({ path, headers: { 'Consent-ID': consentId } });
    expect(findings()).toEqual([{ rule: 'CLIENT-ACCOUNT-ID', provider: PROVIDER, last: `GET ${path} → 401` }]);
  });

  it('CLIENT-FOREIGN-ID: a provider reads with a consent another provider was given', async () => {
    const consentId = await validConsent(t, [anna()]);
    const answer = await send({ path: balancesPath(), headers: { 'Consent-ID': consentId }, client: other });
    expect(answer.status).toBe(403);
    expect(findings()).toEqual([
      { rule: 'CLIENT-FOREIGN-ID', provider: 'PSDDE-BAFIN-654321', last: `GET ${balancesPath()} → 403` },
    ]);
  });

  it('CLIENT-CALLBACK-ACK: the receiver answers 400 to a correctly signed event', async () => {
    await send({ method: 'PUT', path: '/v1/revocation-callback', body: { url: receiver.url } });
    const consentId = await validConsent(t, [anna()]);
    receiver.status = 400;
    const forged = await t.sandbox.callbacks.forge({ consentId, kind: 'correct' });
    expect(forged.sent.map((one) => one.status)).toEqual([400]);
    expect(t.sandbox.clientReport().findings.map((finding) => [finding.rule, finding.callbacks.length])).toEqual([
      ['CLIENT-CALLBACK-ACK', 1],
    ]);
  });
});
