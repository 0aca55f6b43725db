/**
 * Faults that provoke what a client must handle (issue 29 point 4, issue 28 point 4): a chosen
 * status on any operation in the envelope with its class's code (429 with Retry-After and the
 * rate-limit headers, 5xx), an answer lost after the payment was stored, a consent revoked by its
 * customer between two reads.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SandboxError, startSandbox } from '../../src/index.js';
import { codeOf, ibansOf, resourceIdOf, validConsent } from '../helpers/ais.js';
import { initiate, paymentRows, STANDARD, transfer } from '../helpers/pis.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { rawCaller, REDIRECT_HEADERS } from './raw-call.js';

let t: TestSandbox;
let certsDir: string;

beforeAll(async () => {
  certsDir = await certificateFolder();
  t = await testSandbox(certsDir, { clockStart: '2026-03-02T10:00:00Z' });
});
afterAll(() => t.sandbox.close());
beforeEach(() => t.sandbox.reset());

const balances = async (consentId: string, headers: Record<string, string> = {}) =>
  t.call({
    path: `/v1/accounts/${resourceIdOf(t, ibansOf(t, 'anna')[0]!)}/balances`,
    headers: { 'Consent-ID': consentId, ...headers },
    client: t.tpp,
  });

describe('status faults', () => {
  it('answer 429 on an account read with ACCESS_EXCEEDED, Retry-After and the rate-limit headers, and echo X-Request-ID', async () => {
    const consentId = await validConsent(t, [ibansOf(t, 'anna')[0]!]);
    await t.sandbox.faults.add({ kind: 'status', status: 429, count: 1, match: { path: '/v1/accounts/**' } });
    const requestId = randomUUID();
    const answer = await balances(consentId, { 'X-Request-ID': requestId });
    expect(answer.status).toBe(429);
    expect(answer.json).toEqual({
      tppMessages: [
        { category: 'ERROR', code: 'ACCESS_EXCEEDED', text: 'Too many requests: try again after Retry-After seconds.' },
      ],
    });
    // The sandbox clock is at 10:00 UTC: the budget is back at the next midnight.
    expect({
      retryAfter: answer.headers['retry-after'],
      limit: answer.headers['x-ratelimit-limit'],
      remaining: answer.headers['x-ratelimit-remaining'],
      reset: answer.headers['x-ratelimit-reset'],
      echo: answer.headers['x-request-id'],
    }).toEqual({
      retryAfter: '60',
      limit: '4',
      remaining: '0',
      reset: String(Date.parse('2026-03-03T00:00:00Z') / 1000),
      echo: requestId,
    });
    // Faulted before anything was read: the budget is untouched, the next read has all four left.
    const next = await balances(consentId);
    expect([next.status, next.headers['x-ratelimit-remaining']]).toEqual([200, '3']);
  });

  it('answer too-many-requests as a 429 with the Retry-After the rule names', async () => {
    const consentId = await validConsent(t, [ibansOf(t, 'anna')[0]!]);
    await t.sandbox.faults.add({ kind: 'too-many-requests', count: 1, retryAfter: 5 });
    const answer = await balances(consentId);
    expect([answer.status, codeOf(answer), answer.headers['retry-after']]).toEqual([429, 'ACCESS_EXCEEDED', '5']);
  });

  it('answer 503 with Retry-After on a payment initiation in the envelope, and store nothing', async () => {
    await t.sandbox.faults.add({ kind: 'status', status: 503, retryAfter: 2, count: 1 });
    // Not through the contract-checked caller: the interface lists no 503 on this row (Errors rule 3: 5xx may come from any layer).
    const answer = await rawCaller(t)({
      method: 'POST',
      path: `/v1/payments/${STANDARD}`,
      headers: REDIRECT_HEADERS,
      body: transfer(ibansOf(t, 'anna')[0]!),
    });
    expect([answer.status, codeOf(answer), answer.headers['retry-after']]).toEqual([503, 'INTERNAL_SERVER_ERROR', '2']);
    expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await paymentRows(t)).toEqual([]);
  });

  it('answer 500, 502 and 504 in the envelope, without Retry-After unless the rule names one', async () => {
    await t.sandbox.faults.add(
      ([500, 502, 504] as const).map((status) => ({ kind: 'status' as const, status, count: 1 })),
    );
    const seen = [];
    for (let i = 0; i < 3; i++) {
      const answer = await rawCaller(t)({ path: '/v1/revocation-callback' });
      seen.push([answer.status, codeOf(answer), answer.headers['retry-after']]);
    }
    expect(seen).toEqual([
      [500, 'INTERNAL_SERVER_ERROR', undefined],
      [502, 'INTERNAL_SERVER_ERROR', undefined],
      [504, 'INTERNAL_SERVER_ERROR', undefined],
    ]);
  });

  it('refuse a status no fault answers, naming the field, over the control API, the library and the start options', async () => {
    const control = await t.control('/faults', { body: { kind: 'status', status: 418, count: 1 } });
    expect(control.status).toBe(400);
    expect(control.json).toMatchObject({
      tppMessages: [{ code: 'FORMAT_ERROR', path: 'status', text: expect.stringContaining('429, 500, 502, 503, 504') }],
    });
    await expect(
      t.sandbox.faults.add([
        { kind: 'drop', count: 1 },
        { kind: 'status', status: 404 as 429, count: 1 },
      ]),
    ).rejects.toMatchObject({ name: 'SandboxError', code: 'FORMAT_ERROR', path: '1.status' });
    await expect(t.sandbox.faults.add({ kind: 'status', status: 200 as 429, count: 1 })).rejects.toBeInstanceOf(
      SandboxError,
    );
    expect((await t.control('/faults')).json).toEqual({ profile: null, rules: [] });
    await expect(
      startSandbox({ certsDir, faults: [{ kind: 'status', status: 302 as 429, count: 1 }] }),
    ).rejects.toThrow('Invalid sandbox option faults.0.status: a status a fault answers: 429, 500, 502, 503, 504');
  });
});

describe('an answer lost after the payment was stored', () => {
  it('closes the connection with the payment stored; the same X-Request-ID then answers that payment', async () => {
    await t.sandbox.faults.add({ kind: 'lost-answer', count: 1, match: { method: 'POST', path: '/v1/payments/*' } });
    const body = transfer(ibansOf(t, 'anna')[0]!);
    const requestId = randomUUID();
    await expect(initiate(t, body, { requestId })).rejects.toThrow();
    const stored = await paymentRows(t);
    expect(stored).toHaveLength(1);
    const again = await initiate(t, body, { requestId });
    expect([again.answer.status, again.paymentId]).toEqual([201, stored[0]!.paymentId]);
    expect(await paymentRows(t)).toHaveLength(1);
  });

  it('makes a retry under a new X-Request-ID a second payment, as a real bank would', async () => {
    await t.sandbox.faults.add({
      kind: 'lost-answer',
      count: 1,
      match: { method: 'POST', path: `/v1/payments/${STANDARD}` },
    });
    const body = transfer(ibansOf(t, 'anna')[0]!);
    await expect(initiate(t, body)).rejects.toThrow();
    expect((await initiate(t, body)).answer.status).toBe(201);
    expect(await paymentRows(t)).toHaveLength(2);
  });
});

describe('a consent revoked between two reads', () => {
  it('answers the read, then the customer revokes the consent: the next read is refused', async () => {
    const consentId = await validConsent(t, [ibansOf(t, 'anna')[0]!]);
    await t.sandbox.faults.add({ kind: 'revoke-consent', count: 1, match: { path: '/v1/accounts/**' } });
    expect((await balances(consentId)).status).toBe(200);
    await expect
      .poll(async () => (await t.call({ path: `/v1/consents/${consentId}/status`, client: t.tpp })).json)
      .toEqual({
        consentStatus: 'revokedByPsu',
      });
    const next = await balances(consentId);
    expect([next.status, codeOf(next)]).toEqual([401, 'CONSENT_INVALID']);
  });
});
