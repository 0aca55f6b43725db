/**
 * The kit client as a well-made client of an unstable bank (spec "Errors", rules 2-4): 5xx answers and
 * broken connections are tried again after a backoff (Retry-After honoured), a payment under the same
 * X-Request-ID, a bounded number of times; a 4xx never; what stays broken is `TargetUnstable` with the
 * exchange that broke. And a base URL with a path keeps its path on every request.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient, TargetUnstable, type ClientOptions } from '../../src/kit/client.js';
import type { Exchange, TransportSummary } from '../../src/kit/exchange.js';
import { ExpectationFailed } from '../../src/kit/failure.js';
import { scenarioClient } from '../../src/kit/operations.js';
import { certificateFolder } from '../helpers/sandbox.js';

/** What the server does with each request, in order; after the list, it answers 200 `{}`. */
type Move = { status: number; headers?: Record<string, string>; body?: string } | 'drop';
let moves: Move[] = [];
const seen: { url: string; requestId: string | undefined; at: number }[] = [];
let server: Server;
let origin: string;
let ca: string;
let tpp: { cert: string; key: string };
let exchanges: Exchange[];
let transport: TransportSummary;

beforeAll(async () => {
  const certs = await certificateFolder();
  const read = (name: string) => readFileSync(`${certs}/${name}`, 'utf8');
  ca = read('ca.crt');
  tpp = { cert: read('tpp.crt'), key: read('tpp.key') };
  server = createServer({ key: read('server.key'), cert: read('server.crt') }, (req, res) => {
    req.resume();
    req.on('end', () => {
      seen.push({ url: req.url ?? '', requestId: req.headers['x-request-id'] as string | undefined, at: Date.now() });
      const move = moves.shift() ?? { status: 200, body: '{}' };
      if (move === 'drop') {
        req.socket.destroy();
        return;
      }
      res.writeHead(move.status, { ...(move.body ? { 'Content-Type': 'application/json' } : {}), ...move.headers });
      res.end(move.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://localhost:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  moves = [];
  seen.length = 0;
  exchanges = [];
  transport = { answers: 0, serverErrors: 0, connectionFailures: 0, retries: 0 };
});

const client = (options: Partial<ClientOptions> = {}) =>
  createClient({
    baseUrl: origin,
    ca,
    certificate: tpp,
    label: 'tpp',
    record: (exchange) => exchanges.push(exchange),
    retry: { retries: 3, backoffMs: 10, maxDelayMs: 2_000 },
    transport,
    ...options,
  });

const unavailable = (retryAfter?: string): Move => ({
  status: 503,
  ...(retryAfter ? { headers: { 'Retry-After': retryAfter } } : {}),
});
const payment = { debtorAccount: { iban: 'DE12123456780000100001' } };

describe('retries of an unstable target', () => {
  it('tries a 503 again after the Retry-After it names, and a payment under the same X-Request-ID', async () => {
    moves = [
      unavailable('1'),
      { status: 400, body: JSON.stringify({ tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR' }] }) },
    ];
    const reply = await client().call({ method: 'POST', path: '/v1/payments/sepa-credit-transfers', body: payment });
    expect(reply.status).toBe(400);
    expect(seen).toHaveLength(2);
    expect(seen[1]!.requestId).toBe(seen[0]!.requestId);
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(950);
    // Every attempt is evidence: the 503 is recorded beside the answer that came after it.
    expect(exchanges.map((exchange) => exchange.status)).toEqual([503, 400]);
    expect(transport).toEqual({ answers: 2, serverErrors: 1, connectionFailures: 0, retries: 1 });
  });

  it('never tries a 4xx again', async () => {
    moves = [{ status: 404, body: JSON.stringify({ tppMessages: [{ category: 'ERROR', code: 'RESOURCE_UNKNOWN' }] }) }];
    expect((await client().call({ path: '/v1/revocation-callback' })).status).toBe(404);
    expect(seen).toHaveLength(1);
  });

  it('is unstable after the last retry, with the 503 that broke it as the exchange, not a later one', async () => {
    moves = [unavailable(), unavailable(), unavailable(), unavailable()];
    const error = await client()
      .call({ path: '/v1/revocation-callback' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TargetUnstable);
    expect((error as TargetUnstable).message).toBe(
      'target unstable: GET /v1/revocation-callback answered 503 on 4 attempts',
    );
    expect((error as TargetUnstable).exchange).toEqual({
      request: 'GET /v1/revocation-callback',
      status: 503,
      body: undefined,
    });
    expect(seen).toHaveLength(4);
  });

  it('tries a broken connection again, and reports one that stays broken as unstable without an answer', async () => {
    moves = ['drop', { status: 200, body: '{"url":"x"}' }];
    expect((await client().call({ method: 'DELETE', path: '/v1/nowhere' })).status).toBe(200);
    moves = ['drop', 'drop', 'drop', 'drop'];
    const error = await client()
      .call({ method: 'DELETE', path: '/v1/nowhere' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TargetUnstable);
    expect((error as TargetUnstable).unreachable).toBe(true);
    expect((error as TargetUnstable).exchange?.status).toBe(0);
  });

  it('does not send again a POST without X-Request-ID whose connection broke: it may have been handled', async () => {
    moves = ['drop'];
    await expect(
      client().call({ method: 'POST', path: '/v1/payments/sepa-credit-transfers', body: payment, requestId: false }),
    ).rejects.toBeInstanceOf(TargetUnstable);
    expect(seen).toHaveLength(1);
  });

  it('returns a 5xx as it came when the client has no retry policy (a probe)', async () => {
    moves = [unavailable('1')];
    const probe = createClient({ baseUrl: origin, ca, certificate: tpp, label: 'probe', record: () => {} });
    expect((await probe.call({ path: '/v1/revocation-callback' })).status).toBe(503);
    expect(seen).toHaveLength(1);
  });
});

describe('a base URL with a path', () => {
  it('keeps the path on every request and in the exchanges, and still holds answers to their row', async () => {
    const api = scenarioClient(client({ baseUrl: `${origin}/psd2/` }));
    moves = [
      { status: 200, body: JSON.stringify({ accounts: [] }) },
      { status: 200, body: '{"balances":[]}' },
    ];
    expect((await api.getAccountList({ headers: { 'Consent-ID': 'c-1' } })).status).toBe(200);
    await expect(api.getBalances({ accountId: 'a 1', headers: { 'Consent-ID': 'c-1' } })).rejects.toThrow(
      ExpectationFailed,
    );
    expect(seen.map((request) => request.url)).toEqual(['/psd2/v1/accounts', '/psd2/v1/accounts/a%201/balances']);
    expect(exchanges.map((exchange) => exchange.url)).toEqual(seen.map((request) => request.url));
  });

  it('takes an href the target gave under its own path as it is', async () => {
    await client({ baseUrl: `${origin}/psd2` }).call({ path: '/psd2/v1/next-page?page=2' });
    expect(seen[0]!.url).toBe('/psd2/v1/next-page?page=2');
  });
});
