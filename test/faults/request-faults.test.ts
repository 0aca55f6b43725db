import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { issueQwac } from '../../src/certs/index.js';
import { sendHttps } from '../../src/kit/client.js';
import { BAD_GATEWAY_PAGE } from '../../src/sim/faults/bad-gateway-page.js';
import { ibansOf, resourceIdOf, validConsent } from '../helpers/ais.js';
import { transfer } from '../helpers/pis.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';
import type { ClientCertificate } from '../helpers/tls-client.js';
import { CONSENT_BODY, rawCaller, REDIRECT_HEADERS } from './raw-call.js';

let t: TestSandbox;
let call: ReturnType<typeof rawCaller>;
let other: ClientCertificate;
const OTHER_ORG = 'PSDDE-BAFIN-770077';

beforeAll(async () => {
  t = await testSandbox(await certificateFolder(), { clockStart: '2026-03-02T10:00:00Z' });
  call = rawCaller(t);
  other = issueQwac({
    ca: { cert: t.ca, key: t.caKey },
    name: 'Other Provider',
    organizationIdentifier: OTHER_ORG,
    roles: ['PSP_AI', 'PSP_PI'],
  });
});
afterAll(() => t.sandbox.close());
beforeEach(() => t.sandbox.reset());

const addFault = async (rule: unknown) => {
  const answer = await t.control('/faults', { body: rule });
  if (answer.status !== 201) throw new Error(`fault refused: ${JSON.stringify(answer.json)}`);
  return answer.json as { rules: { id: string }[] };
};
const createConsent = (client?: ClientCertificate) =>
  call({
    method: 'POST',
    path: '/v1/consents',
    headers: REDIRECT_HEADERS,
    body: CONSENT_BODY(ibansOf(t, 'anna')[0]!),
    ...(client ? { client } : {}),
  });

describe('request faults seen by a mutual-TLS client', () => {
  it('are off by default: no rules, and every answer is the application’s', async () => {
    expect((await t.control('/faults')).json).toEqual({ profile: null, rules: [] });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await createConsent()).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
  });

  it('error-500 answers the envelope with INTERNAL_SERVER_ERROR and echoes X-Request-ID', async () => {
    await addFault({ kind: 'error-500', count: 1 });
    const answer = await createConsent();
    expect(answer.status).toBe(500);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers['x-request-id']).toBe(answer.requestId);
    expect(answer.text).toBe(
      '{"tppMessages":[{"category":"ERROR","code":"INTERNAL_SERVER_ERROR","text":"Internal server error."}]}',
    );
  });

  it('bad-gateway-html answers 502 with an HTML page and no X-Request-ID, as a proxy in front would', async () => {
    await addFault({ kind: 'bad-gateway-html', count: 1 });
    const answer = await createConsent();
    expect(answer.status).toBe(502);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.text).toBe(BAD_GATEWAY_PAGE);
    expect(answer.json).toBeUndefined();
    expect(answer.headers['x-request-id']).toBeUndefined();
  });

  it('unavailable-empty answers 503 with no body, with Retry-After when the rule gives one', async () => {
    await addFault({ kind: 'unavailable-empty', count: 1, retryAfter: 2 });
    await addFault({ kind: 'unavailable-empty', count: 1 });
    const first = await createConsent();
    expect([first.status, first.text, first.headers['content-length'], first.headers['retry-after']]).toEqual([
      503,
      '',
      '0',
      '2',
    ]);
    expect(first.headers['content-type']).toBeUndefined();
    expect(first.headers['x-request-id']).toBeUndefined();
    const second = await createConsent();
    expect([second.status, second.text, second.headers['retry-after']]).toEqual([503, '', undefined]);
  });

  it('slow delays the answer by at least the delay, then answers normally', async () => {
    const quick = await createConsent();
    await addFault({ kind: 'slow', count: 1, delayMs: 150 });
    const slow = await createConsent();
    expect(slow.status).toBe(201);
    expect(slow.ms).toBeGreaterThanOrEqual(150);
    expect(slow.ms).toBeGreaterThan(quick.ms);
    expect((slow.json as { consentStatus: string }).consentStatus).toBe('received');
  });

  it('drop closes the connection without an answer: the client sees a hang-up', async () => {
    await addFault({ kind: 'drop', count: 1 });
    await expect(createConsent()).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect((await createConsent()).status).toBe(201);
  });

  it('a count rule faults exactly the next N matching requests, then retires', async () => {
    await addFault({ kind: 'unavailable-empty', count: 3 });
    const statuses = [];
    const remaining = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await createConsent()).status);
      remaining.push(
        ((await t.control('/faults')).json as { rules: { remaining: number }[] }).rules.map((rule) => rule.remaining),
      );
    }
    expect(statuses).toEqual([503, 503, 503, 201]);
    expect(remaining).toEqual([[2], [1], [], []]);
  });

  it('matches an endpoint by method and path pattern, leaving other endpoints alone', async () => {
    const iban = ibansOf(t, 'anna')[0]!;
    const consentId = await validConsent(t, [iban]);
    await addFault({
      kind: 'error-500',
      count: 1,
      match: { method: 'GET', path: '/v1/accounts/{account_id}/balances' },
    });
    const headers = { 'Consent-ID': consentId, 'PSU-IP-Address': '192.0.2.10' };
    expect((await call({ path: '/v1/accounts', headers })).status).toBe(200);
    expect(
      (await call({ method: 'POST', path: `/v1/accounts/${resourceIdOf(t, iban)}/balances`, headers })).status,
    ).toBe(405);
    expect((await call({ path: `/v1/accounts/${resourceIdOf(t, iban)}/transactions`, headers })).status).toBe(200);
    expect((await call({ path: `/v1/accounts/${resourceIdOf(t, iban)}/balances?x=1`, headers })).status).toBe(500);
    expect((await call({ path: `/v1/accounts/${resourceIdOf(t, iban)}/balances`, headers })).status).toBe(200);
  });

  it('matches a provider by the organizationIdentifier of its certificate', async () => {
    await addFault({ kind: 'error-500', count: 2, match: { provider: OTHER_ORG } });
    expect((await createConsent()).status).toBe(201);
    expect((await createConsent(other)).status).toBe(500);
    expect((await createConsent()).status).toBe(201);
    expect((await createConsent(other)).status).toBe(500);
    expect((await createConsent(other)).status).toBe(201);
  });

  it('a faulted request creates, registers and consumes nothing', async () => {
    await addFault({ kind: 'error-500', count: 1 });
    await addFault({ kind: 'bad-gateway-html', count: 1 });
    await addFault({ kind: 'drop', count: 1 });
    expect((await createConsent(other)).status).toBe(500);
    expect(
      (
        await call({
          method: 'POST',
          path: '/v1/payments/sepa-credit-transfers',
          client: other,
          headers: REDIRECT_HEADERS,
          body: transfer(ibansOf(t, 'anna')[0]!),
        })
      ).status,
    ).toBe(502);
    await expect(createConsent(other)).rejects.toThrow();
    expect((await t.control('/consents')).json).toEqual([]);
    expect((await t.control('/payments')).json).toEqual([]);
    expect((await t.control('/providers')).json).toEqual([]);
  });

  it('a payment retried with the same X-Request-ID after a 502 is created once', async () => {
    await addFault({ kind: 'bad-gateway-html', count: 1, match: { method: 'POST', path: '/v1/payments/**' } });
    const body = transfer(ibansOf(t, 'anna')[0]!);
    const first = await call({
      method: 'POST',
      path: '/v1/payments/sepa-credit-transfers',
      headers: REDIRECT_HEADERS,
      body,
    });
    expect(first.status).toBe(502);
    const retried = await call({
      method: 'POST',
      path: '/v1/payments/sepa-credit-transfers',
      headers: REDIRECT_HEADERS,
      body,
      requestId: first.requestId,
    });
    const again = await call({
      method: 'POST',
      path: '/v1/payments/sepa-credit-transfers',
      headers: REDIRECT_HEADERS,
      body,
      requestId: first.requestId,
    });
    expect([retried.status, again.status]).toEqual([201, 201]);
    expect((again.json as { paymentId: string }).paymentId).toBe((retried.json as { paymentId: string }).paymentId);
    expect((await t.control('/payments')).json).toHaveLength(1);
  });

  it('a slow payment the client gave up on is still created, and the same X-Request-ID finds it', async () => {
    await addFault({ kind: 'slow', count: 1, delayMs: 300, match: { method: 'POST' } });
    const body = transfer(ibansOf(t, 'anna')[0]!);
    const requestId = randomUUID();
    const url = new URL('/v1/payments/sepa-credit-transfers', t.sandbox.apiUrl);
    const headers = { 'X-Request-ID': requestId, 'Content-Type': 'application/json', ...REDIRECT_HEADERS };
    await expect(
      sendHttps(url, {
        method: 'POST',
        headers,
        payload: JSON.stringify(body),
        ca: t.ca,
        certificate: t.tpp,
        timeoutMs: 100,
      }),
    ).rejects.toThrow('no answer in time');
    // The sandbox finishes the request after the client has gone.
    await vi.waitFor(async () => expect((await t.control('/payments')).json).toHaveLength(1));
    const retried = await call({
      method: 'POST',
      path: '/v1/payments/sepa-credit-transfers',
      headers: REDIRECT_HEADERS,
      body,
      requestId,
    });
    expect(retried.status).toBe(201);
    expect((await t.control('/payments')).json).toHaveLength(1);
  });
});
