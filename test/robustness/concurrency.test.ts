import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ibansOf, REDIRECT, resourceIdOf, validConsent } from '../helpers/ais.js';
import { paymentRows, STANDARD, transfer } from '../helpers/pis.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { keepAliveClient, type RawRequest } from '../helpers/keep-alive-client.js';

let t: TestSandbox;

beforeAll(async () => {
  t = await testSandbox(await certificateFolder(), { clockStart: '2026-03-02T10:00:00Z' });
});
afterAll(() => t.sandbox.close());

/**
 * n requests that reach the server together: n connections are opened (and kept) first, so the
 * requests are not spread out by n TLS handshakes.
 */
async function together(n: number, request: () => RawRequest) {
  const client = keepAliveClient(t.sandbox.apiUrl, t.ca, t.tpp, n);
  try {
    await Promise.all(
      Array.from({ length: n }, () =>
        client.send({ method: 'GET', path: '/v1/revocation-callback', headers: { 'X-Request-ID': randomUUID() } }),
      ),
    );
    return await Promise.all(Array.from({ length: n }, () => client.send(request())));
  } finally {
    client.close();
  }
}

describe('concurrency', () => {
  it('creates exactly one payment from 200 parallel initiations with one X-Request-ID, and answers all 200 identically', async () => {
    await t.sandbox.reset();
    const requestId = randomUUID();
    const body = JSON.stringify(transfer(ibansOf(t, 'anna')[0]!));
    const answers = await together(200, () => ({
      method: 'POST',
      path: `/v1/payments/${STANDARD}`,
      headers: { 'X-Request-ID': requestId, 'TPP-Redirect-URI': REDIRECT, 'Content-Type': 'application/json' },
      body,
    }));
    expect(answers.map((answer) => answer.status)).toEqual(Array(200).fill(201));
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
    const rows = await paymentRows(t);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(answers[0]!.text)).toMatchObject({ paymentId: rows[0]!.paymentId, transactionStatus: 'RCVD' });
  }, 60_000);

  it('never lets a fifth unattended read through: 20 parallel reads of each data type give exactly 4 × 200 and 16 × 429', async () => {
    await t.sandbox.reset();
    const iban = ibansOf(t, 'anna')[0]!;
    const consentId = await validConsent(t, [iban]);
    const account = resourceIdOf(t, iban);
    for (const path of ['/v1/accounts', `/v1/accounts/${account}/balances`, `/v1/accounts/${account}/transactions`]) {
      const answers = await together(20, () => ({
        method: 'GET',
        path,
        headers: { 'X-Request-ID': randomUUID(), 'Consent-ID': consentId },
      }));
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([...Array(4).fill(200), ...Array(16).fill(429)]);
      const remaining = answers
        .filter((answer) => answer.status === 200)
        .map((answer) => answer.headers['x-ratelimit-remaining']);
      expect(remaining.sort()).toEqual(['0', '1', '2', '3']);
      for (const refused of answers.filter((answer) => answer.status === 429)) {
        expect(JSON.parse(refused.text)).toMatchObject({
          tppMessages: [{ category: 'ERROR', code: 'ACCESS_EXCEEDED' }],
        });
        expect(refused.headers['x-ratelimit-remaining']).toBe('0');
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
  }, 60_000);
});
