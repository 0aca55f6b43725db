import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type XsClient } from '../../src/kit/client.js';
import { ExpectationFailed } from '../../src/kit/failure.js';
import { certificateFolder } from '../helpers/sandbox.js';

/** A target that answers whatever the test puts in `answers` for a method and path. */
const answers = new Map<string, { status: number; type?: string; body: string }>();
const seenIds: (string | undefined)[] = [];
let server: Server;
let client: XsClient;

beforeAll(async () => {
  const certs = await certificateFolder();
  const read = (name: string) => readFileSync(`${certs}/${name}`, 'utf8');
  server = createServer({ key: read('server.key'), cert: read('server.crt') }, (req, res) => {
    seenIds.push(req.headers['x-request-id'] as string | undefined);
    const answer = answers.get(`${req.method} ${req.url}`) ?? { status: 500, body: '' };
    res.writeHead(answer.status, answer.body === '' ? {} : { 'Content-Type': answer.type ?? 'application/json' });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  client = createClient({
    baseUrl: `https://localhost:${(server.address() as AddressInfo).port}`,
    ca: read('ca.crt'),
    certificate: { cert: read('tpp.crt'), key: read('tpp.key') },
    label: 'tpp',
    record: () => {},
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const envelope = JSON.stringify({ tppMessages: [{ category: 'ERROR', code: 'CONSENT_UNKNOWN' }] });

describe('kit client against the contract', () => {
  it('sends a fresh UUID v4 X-Request-ID on every call', async () => {
    answers.set('GET /v1/revocation-callback', { status: 404, body: envelope });
    const first = await client.call({ path: '/v1/revocation-callback' });
    const second = await client.call({ path: '/v1/revocation-callback' });
    expect(first.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second.requestId).not.toBe(first.requestId);
    expect(seenIds.slice(-2)).toEqual([first.requestId, second.requestId]);
  });

  it("fails a success answer that is not the row's body", async () => {
    answers.set('GET /v1/accounts/a1/balances', { status: 200, body: JSON.stringify({ balances: [] }) });
    await expect(client.call({ path: '/v1/accounts/a1/balances' })).rejects.toThrow(ExpectationFailed);
    await expect(client.call({ path: '/v1/accounts/a1/balances' })).rejects.toThrow(/BalanceResponse/);
  });

  it('fails a 4xx whose body is not the tppMessages envelope', async () => {
    answers.set('GET /v1/consents/c1/status', { status: 403, type: 'text/html', body: '<h1>Forbidden</h1>' });
    await expect(client.call({ path: '/v1/consents/c1/status' })).rejects.toThrow(/TppMessages/);
  });

  it('takes an empty 204 and leaves a status the row does not name open', async () => {
    answers.set('DELETE /v1/consents/c1', { status: 204, body: '' });
    await expect(client.call({ method: 'DELETE', path: '/v1/consents/c1' })).resolves.toMatchObject({ status: 204 });
    answers.set('DELETE /v1/revocation-callback', { status: 200, body: '{}' });
    // 200 is not the row's success status (204) nor an error: left open.
    await expect(client.call({ method: 'DELETE', path: '/v1/revocation-callback' })).resolves.toMatchObject({
      status: 200,
    });
  });

  it('accepts a valid body, the envelope on a 4xx, and any 5xx body (best effort)', async () => {
    answers.set('GET /v1/consents/c2/status', { status: 200, body: JSON.stringify({ consentStatus: 'valid' }) });
    answers.set('GET /v1/consents/c3/status', { status: 403, body: envelope });
    answers.set('GET /v1/consents/c4/status', { status: 502, type: 'text/html', body: '<h1>Bad Gateway</h1>' });
    expect((await client.call({ path: '/v1/consents/c2/status' })).status).toBe(200);
    expect((await client.call({ path: '/v1/consents/c3/status' })).status).toBe(403);
    expect((await client.call({ path: '/v1/consents/c4/status' })).status).toBe(502);
  });
});
