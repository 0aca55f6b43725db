import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { codeOf, ibansOf, resourceIdOf, validConsent } from '../helpers/ais.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';

let t: TestSandbox;
let anna: string[];
let balancesPath: string;
let transactionsPath: string;

beforeAll(async () => {
  t = await testSandbox(await certificateFolder(), { clockStart: '2026-03-01T10:00:00Z' });
  anna = ibansOf(t, 'anna');
  balancesPath = `/v1/accounts/${resourceIdOf(t, anna[0]!)}/balances`;
  transactionsPath = `/v1/accounts/${resourceIdOf(t, anna[0]!)}/transactions`;
});
afterAll(() => t.sandbox.close());
beforeEach(() => t.sandbox.reset());

const get = (path: string, consentId: string, attended = false) =>
  t.call({
    path,
    client: t.tpp,
    headers: { 'Consent-ID': consentId, ...(attended ? { 'PSU-IP-Address': '2001:db8::1' } : {}) },
  });
const limits = (answer: { headers: Record<string, unknown> }) => [
  answer.headers['x-ratelimit-limit'],
  answer.headers['x-ratelimit-remaining'],
  answer.headers['x-ratelimit-reset'],
];
const midnightAfter = (iso: string) => String(Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) / 1000 + 86_400);

describe('unattended budget', () => {
  it('allows 4 unattended reads per data type per day with the rate-limit headers, then 429 ACCESS_EXCEEDED with Retry-After', async () => {
    const consentId = await validConsent(t, [anna[0]!]);
    const reset = midnightAfter(t.sandbox.clock.now().toISOString());
    for (const remaining of ['3', '2', '1', '0']) {
      const answer = await get(balancesPath, consentId);
      expect(answer.status).toBe(200);
      expect(limits(answer)).toEqual(['4', remaining, reset]);
    }
    const refused = await get(balancesPath, consentId);
    expect(refused.status).toBe(429);
    expect(codeOf(refused)).toBe('ACCESS_EXCEEDED');
    expect(limits(refused)).toEqual(['4', '0', reset]);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(Math.abs(t.sandbox.clock.now().getTime() / 1000 + retryAfter - Number(reset))).toBeLessThan(5);
  });

  it('gives each data type its own budget; the account list and account read share one', async () => {
    const consentId = await validConsent(t, [anna[0]!]);
    for (let i = 0; i < 4; i += 1) expect((await get(balancesPath, consentId)).status).toBe(200);
    expect((await get(balancesPath, consentId)).status).toBe(429);
    expect((await get(transactionsPath, consentId)).status).toBe(200);
    for (let i = 0; i < 2; i += 1) expect((await get('/v1/accounts', consentId)).status).toBe(200);
    for (let i = 0; i < 2; i += 1)
      expect((await get(`/v1/accounts/${resourceIdOf(t, anna[0]!)}`, consentId)).status).toBe(200);
    expect((await get('/v1/accounts', consentId)).status).toBe(429);
  });

  it('lets attended requests through uncapped without consuming, reporting the remaining budget', async () => {
    const consentId = await validConsent(t, [anna[0]!]);
    expect(limits(await get(balancesPath, consentId))[1]).toBe('3');
    for (let i = 0; i < 8; i += 1) {
      const answer = await get(balancesPath, consentId, true);
      expect(answer.status).toBe(200);
      expect(limits(answer)[1]).toBe('3');
    }
    expect(limits(await get(balancesPath, consentId))[1]).toBe('2');
  });

  it('resets at midnight UTC of the sandbox clock', async () => {
    const consentId = await validConsent(t, [anna[0]!]);
    await t.sandbox.clock.set('2026-03-01T23:59:00Z');
    for (let i = 0; i < 4; i += 1) await get(balancesPath, consentId);
    expect((await get(balancesPath, consentId)).status).toBe(429);
    await t.sandbox.clock.advance('PT61S');
    const next = await get(balancesPath, consentId);
    expect(next.status).toBe(200);
    expect(limits(next)).toEqual(['4', '3', midnightAfter('2026-03-02')]);
  });

  it('gives a one-off consent one unattended access per data type', async () => {
    const consentId = await validConsent(t, [anna[0]!], { recurring: false });
    const first = await get(balancesPath, consentId);
    expect(limits(first).slice(0, 2)).toEqual(['1', '0']);
    expect((await get(balancesPath, consentId)).status).toBe(429);
    expect((await get(transactionsPath, consentId)).status).toBe(200);
  });

  it('never lets a fifth unattended read through, even in parallel', async () => {
    const consentId = await validConsent(t, [anna[0]!]);
    const answers = await Promise.all(Array.from({ length: 10 }, () => get(balancesPath, consentId)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(4);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(6);
  });

  it('consumes nothing for a refused request', async () => {
    const consentId = await validConsent(t, [anna[0]!], {
      access: { balances: [{ iban: anna[0]! }], transactions: [{ iban: anna[0]! }] },
    });
    await get(`/v1/accounts/${resourceIdOf(t, anna[1]!)}/balances`, consentId);
    await get(`${transactionsPath}?bookingStatus=nonsense`, consentId);
    expect(limits(await get(balancesPath, consentId))[1]).toBe('3');
    expect(limits(await get(transactionsPath, consentId))[1]).toBe('3');
  });

  it('sends no rate-limit headers on uncapped operations', async () => {
    const consentId = await validConsent(t, [anna[0]!]);
    const read = await t.call({ path: `/v1/consents/${consentId}`, client: t.tpp });
    expect(read.headers['x-ratelimit-limit']).toBeUndefined();
    expect(read.headers['x-ratelimit-remaining']).toBeUndefined();
  });
});
