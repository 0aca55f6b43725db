/**
 * The request journal: what the XS2A API received and answered, read over the control API
 * (`GET /sandbox/requests`) and in-process (`sandbox.requests()`), filtered, bounded, masked and
 * cleared.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SandboxError, type JournalEntry, type JournalPage } from '../../src/index.js';
import { codeOf, createConsent, ibansOf, resourceIdOf, validConsent } from '../helpers/ais.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';

let certs: string;
let t: TestSandbox;
let iban: string;

beforeAll(async () => {
  certs = await certificateFolder();
  t = await testSandbox(certs, { clockStart: '2026-03-02T10:00:00Z' });
  iban = ibansOf(t, 'anna')[0]!;
});
afterAll(() => t.sandbox.close());
beforeEach(() => void t.sandbox.requests.clear());

const page = async (query = '') => {
  const answer = await t.control(`/requests${query}`);
  expect(answer.status).toBe(200);
  return answer.json as JournalPage;
};

describe('GET /sandbox/requests', () => {
  it('shows a consent creation as it arrived and as it was answered, newest first', async () => {
    const requestId = '7b7e5e0e-9c1f-4a57-9d8e-3c2b1a0f9e8d';
    const created = await createConsent(
      t,
      { access: { balances: [{ iban }] }, recurringIndicator: true, frequencyPerDay: 4 },
      { headers: { 'X-Request-ID': requestId, 'PSU-IP-Address': '192.0.2.10' } },
    );
    await t.call({ path: `/v1/consents/${created.consentId}/status`, client: t.tpp });

    const { requests, matched, kept, dropped, capacity } = await page();
    expect({ matched, kept, dropped, capacity }).toEqual({ matched: 2, kept: 2, dropped: 0, capacity: 1000 });
    const [status, creation] = requests as [JournalEntry, JournalEntry];
    expect(status.request).toMatchObject({ method: 'GET', path: `/v1/consents/${created.consentId}/status` });
    expect(status.id).toBe(creation.id + 1);
    expect(creation).toMatchObject({
      provider: 'PSDDE-BAFIN-123456',
      code: null,
      fault: null,
      request: {
        method: 'POST',
        url: '/v1/consents',
        path: '/v1/consents',
        query: {},
        body: { access: { balances: [{ iban }] }, recurringIndicator: true, frequencyPerDay: 4 },
      },
      response: {
        status: 201,
        body: { consentId: created.consentId, consentStatus: 'received' },
      },
    });
    expect(creation.request.headers).toMatchObject({
      'x-request-id': requestId,
      'tpp-redirect-uri': 'https://tpp.example/callback',
      'psu-ip-address': '192.0.2.10',
      'content-type': 'application/json',
    });
    expect(creation.response!.headers).toMatchObject({ 'x-request-id': requestId });
    expect(Date.parse(creation.at) - Date.parse('2026-03-02T10:00:00Z')).toBeLessThan(60_000);
    expect(Math.abs(Date.parse(creation.realAt) - Date.now())).toBeLessThan(60_000);
    expect(creation.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('keeps refusals with their code, and a request without a certificate with no provider', async () => {
    await t.call({ path: '/v1/accounts', client: null });
    await t.call({ path: '/v1/accounts', client: t.tpp, headers: { 'Consent-ID': 'nope' } });
    const [unknown, anonymous] = (await page()).requests;
    expect([anonymous!.provider, anonymous!.response!.status, anonymous!.code]).toEqual([
      null,
      401,
      'CERTIFICATE_MISSING',
    ]);
    expect([unknown!.provider, unknown!.response!.status, unknown!.code]).toEqual([
      'PSDDE-BAFIN-123456',
      403,
      'CONSENT_UNKNOWN',
    ]);
    expect(unknown!.response!.body).toEqual({ tppMessages: [expect.objectContaining({ code: 'CONSENT_UNKNOWN' })] });
  });

  it('filters by exact path or endpoint template, status or its class, method, provider, since and limit', async () => {
    const consentId = await validConsent(t, [iban]);
    const account = resourceIdOf(t, iban);
    const other = await t.sandbox.provider('other-tpp');
    await t.call({ path: `/v1/accounts/${account}/balances`, client: t.tpp, headers: { 'Consent-ID': consentId } });
    await t.sandbox.clock.advance('PT1H');
    const later = t.sandbox.clock.now().toISOString();
    await t.call({ path: `/v1/accounts/${account}/balances`, client: t.tpp, headers: { 'Consent-ID': 'nope' } });
    await other.fetch(`/v1/accounts/${account}/transactions?bookingStatus=booked`, {
      headers: { 'Consent-ID': consentId },
    });

    const paths = (entries: JournalEntry[]) => entries.map((entry) => `${entry.request.method} ${entry.request.url}`);
    expect(paths((await page('?path=/v1/consents')).requests)).toEqual(['POST /v1/consents']);
    expect(paths((await page('?path=/v1/accounts/{account_id}/balances')).requests)).toEqual([
      `GET /v1/accounts/${account}/balances`,
      `GET /v1/accounts/${account}/balances`,
    ]);
    expect((await page('?status=200')).requests.map((entry) => entry.response!.status)).toEqual([200]);
    expect(paths((await page('?status=4xx')).requests)).toEqual([
      `GET /v1/accounts/${account}/transactions?bookingStatus=booked`,
      `GET /v1/accounts/${account}/balances`,
    ]);
    expect(paths((await page('?method=post')).requests)).toEqual(['POST /v1/consents']);
    const foreign = (await page(`?provider=${other.organizationIdentifier}`)).requests;
    expect(foreign.map((entry) => [entry.code, entry.request.query])).toEqual([
      ['CONSENT_UNKNOWN', { bookingStatus: 'booked' }],
    ]);
    expect((await page(`?since=${later}`)).matched).toBe(2);
    const limited = await page('?limit=1');
    expect([limited.matched, limited.requests.length, limited.requests[0]!.request.path]).toEqual([
      4,
      1,
      `/v1/accounts/${account}/transactions`,
    ]);
    expect((await page('?status=4xx&path=/v1/accounts/{account_id}/balances')).matched).toBe(1);
  });

  it('masks what must not leak: the revocation callback secret, credential headers', async () => {
    await t.call({
      method: 'PUT',
      path: '/v1/revocation-callback',
      client: t.tpp,
      headers: { Authorization: 'Bearer leaked', Cookie: 'session=leaked' },
      body: { url: 'https://tpp.example/revocations' },
    });
    const [put] = (await page()).requests;
    expect(put!.response!.status).toBe(200);
    expect(put!.response!.body).toMatchObject({ url: 'https://tpp.example/revocations', secret: '***' });
    expect(put!.request.headers).toMatchObject({ authorization: '***', cookie: '***' });
    expect(JSON.stringify(put)).not.toContain('leaked');
    const direct = await t.call({ path: '/v1/revocation-callback', client: t.tpp });
    expect(JSON.stringify(await page())).not.toContain((direct.json as { secret: string }).secret);
  });

  it('keeps the newest requests up to its capacity and counts the oldest it dropped', async () => {
    const small = await testSandbox(certs, { journalSize: 3 });
    try {
      for (let i = 1; i <= 5; i++) await small.call({ path: `/v1/nowhere-${i}`, client: small.tpp });
      const answer = (await small.control('/requests')).json as JournalPage;
      expect([answer.kept, answer.dropped, answer.capacity]).toEqual([3, 2, 3]);
      expect(answer.requests.map((entry) => entry.request.path)).toEqual([
        '/v1/nowhere-5',
        '/v1/nowhere-4',
        '/v1/nowhere-3',
      ]);
      expect((await small.control('/requests', { method: 'DELETE' })).json).toEqual({ cleared: 3 });
      expect((await small.control('/requests')).json).toMatchObject({ kept: 0, dropped: 0 });
    } finally {
      await small.sandbox.close();
    }
  });

  it('keeps nothing when it is turned off', async () => {
    const off = await testSandbox(certs, { journalSize: 0 });
    try {
      await off.call({ path: '/v1/nowhere', client: off.tpp });
      expect((await off.control('/requests')).json).toEqual({
        requests: [],
        matched: 0,
        kept: 0,
        dropped: 0,
        capacity: 0,
        bytes: 0,
        capacityBytes: 4 * 1024 * 1024,
      });
    } finally {
      await off.sandbox.close();
    }
  });

  it.each([
    ['status=abc', 'status'],
    ['status=600', 'status'],
    ['limit=-1', 'limit'],
    ['limit=0', 'limit'],
    ['limit=2.5', 'limit'],
    ['since=yesterday', 'since'],
    ['since=2026-03-02', 'since'],
    ['path=v1/consents', 'path'],
    ['path=/v1/consents?x=1', 'path'],
    ['path=/v1/nothing/{id}', 'path'],
    ['provider=', 'provider'],
    ['statuss=400', 'statuss'],
    ['status=400&status=401', 'status'],
  ])('refuses the filter %s with 400 FORMAT_ERROR naming %s', async (query, path) => {
    await t.call({ path: '/v1/nowhere', client: t.tpp });
    const answer = await t.control(`/requests?${query}`);
    expect(answer.status).toBe(400);
    expect((answer.json as { tppMessages: unknown[] }).tppMessages).toEqual([
      expect.objectContaining({ category: 'ERROR', code: 'FORMAT_ERROR', path }),
    ]);
    expect((await page()).kept).toBe(1);
  });
});

describe('DELETE /sandbox/requests and reset', () => {
  it('empties the journal, and so does a reset of the sandbox', async () => {
    await t.call({ path: '/v1/nowhere', client: t.tpp });
    await t.call({ path: '/v1/nowhere', client: t.tpp });
    expect((await t.control('/requests', { method: 'DELETE' })).json).toEqual({ cleared: 2 });
    expect((await page()).requests).toEqual([]);
    await t.call({ path: '/v1/nowhere', client: t.tpp });
    await t.sandbox.reset();
    expect((await page()).kept).toBe(0);
  });

  it('holds only API requests: control calls and the bank’s pages are not in it', async () => {
    await t.control('/customers');
    await fetch(t.sandbox.portalUrl);
    expect((await page()).kept).toBe(0);
  });
});

describe('sandbox.requests()', () => {
  it('reads the journal in-process, filtered as over HTTP, and clears it', async () => {
    await t.call({ path: '/v1/nowhere', client: t.tpp });
    await t.sandbox.fetch('/v1/consents', {
      method: 'POST',
      headers: { 'TPP-Redirect-URI': 'https://tpp.example/cb' },
      body: JSON.stringify({ access: { accounts: [{ iban }] } }),
    });
    const [created] = t.sandbox.requests({ method: 'POST', path: '/v1/consents' });
    expect(created!.request.headers['tpp-redirect-uri']).toBe('https://tpp.example/cb');
    expect(created!.response!.status).toBe(201);
    expect(t.sandbox.requests({ status: 404 }).map((entry) => entry.request.path)).toEqual(['/v1/nowhere']);
    expect(t.sandbox.requests({ status: '2xx', since: new Date(0), limit: 5 })).toHaveLength(1);
    expect(t.sandbox.requests.read()).toMatchObject({ matched: 2, kept: 2, dropped: 0, capacity: 1000 });
    expect(t.sandbox.requests.clear()).toBe(2);
    expect(t.sandbox.requests()).toEqual([]);
  });

  it('refuses a filter it cannot read with a SandboxError naming the member', () => {
    const refusal = (filter: Record<string, unknown>) => {
      try {
        t.sandbox.requests(filter);
      } catch (error) {
        return error;
      }
      return undefined;
    };
    for (const [filter, path] of [
      [{ status: 'abc' }, 'status'],
      [{ limit: -1 }, 'limit'],
      [{ since: 'yesterday' }, 'since'],
      [{ since: new Date(Number.NaN) }, 'since'],
      [{ colour: 'red' }, 'colour'],
    ] as const) {
      const error = refusal(filter);
      expect(error, path).toBeInstanceOf(SandboxError);
      expect([(error as SandboxError).code, (error as SandboxError).path]).toEqual(['FORMAT_ERROR', path]);
    }
  });
});

describe('the control token', () => {
  it('guards the journal like every other control call', async () => {
    const guarded = await testSandbox(certs, { controlToken: 's3cret' });
    try {
      await guarded.call({ path: '/v1/nowhere', client: guarded.tpp });
      for (const method of ['GET', 'DELETE']) {
        const answer = await guarded.control('/requests', { method });
        expect([method, answer.status, codeOf(answer)]).toEqual([method, 401, 'TOKEN_INVALID']);
      }
      const read = await guarded.control('/requests', { headers: { authorization: 'Bearer s3cret' } });
      expect((read.json as JournalPage).kept).toBe(1);
    } finally {
      await guarded.sandbox.close();
    }
  });
});
