/**
 * The `exchange` event: one per answered or dropped XS2A API request, sent after the answer is
 * written, carrying the request as received and the answer as written (what a request journal and a
 * judge of the client's behaviour read).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ExchangeEvent } from '../../src/index.js';
import { rawRequest } from '../helpers/raw-request.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';

let t: TestSandbox;
let seen: ExchangeEvent[];
let iban: string;
const ORG = 'PSDDE-BAFIN-123456';

beforeAll(async () => {
  t = await testSandbox(await certificateFolder(), { clockStart: '2026-03-02T10:00:00Z' });
  iban = t.sandbox.customers().find((customer) => customer.psuId === 'anna')!.accounts[0]!.iban;
  t.sandbox.events.on('exchange', (event) => seen.push(event));
});
afterAll(() => t.sandbox.close());
beforeEach(async () => {
  await t.sandbox.reset();
  await t.sandbox.faults.clear();
  seen = [];
});

const consentBody = () =>
  JSON.stringify({ access: { balances: [{ iban }] }, recurringIndicator: true, frequencyPerDay: 4 });
const creation = (requestId: string, body = consentBody()) =>
  rawRequest(t.sandbox, '/v1/consents', {
    method: 'POST',
    headers: {
      'X-Request-ID': requestId,
      'Content-Type': 'application/json',
      'TPP-Redirect-URI': 'https://tpp.example/cb',
    },
    body,
  });

describe('the exchange event', () => {
  it('carries the request as received and the answer as written', async () => {
    const requestId = randomUUID();
    const body = ` ${consentBody()}\n`;
    const reply = await creation(requestId, body);
    expect(reply.status).toBe(201);
    expect(seen).toHaveLength(1);
    const [event] = seen as [ExchangeEvent];
    expect(event.provider).toBe(ORG);
    expect(event.at).toMatch(/^2026-03-02T10:00:/);
    expect(Math.abs(Date.parse(event.realAt) - Date.now())).toBeLessThan(60_000);
    expect(event.request).toEqual({
      method: 'POST',
      path: '/v1/consents',
      query: '',
      headers: expect.objectContaining({
        'x-request-id': requestId,
        'content-type': 'application/json',
        'tpp-redirect-uri': 'https://tpp.example/cb',
        'content-length': String(Buffer.byteLength(body)),
      }),
      body,
    });
    expect(event.answer).toEqual({
      status: 201,
      headers: {
        location: reply.headers.location,
        'x-content-type-options': 'nosniff',
        'x-request-id': requestId,
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(reply.text)),
      },
      body: reply.text,
    });
    expect(event.code).toBeUndefined();
    expect(event.fault).toBeUndefined();
    expect(event.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('keeps the raw query and every value of a header sent more than once', async () => {
    await rawRequest(t.sandbox, '/v1/accounts/x/transactions?bookingStatus=booked&dateFrom=2026-01-01', {
      method: 'GET',
      headers: { 'X-Request-ID': randomUUID(), 'Consent-ID': 'c-1', 'X-Trace': ['a', 'b'] },
    });
    const [event] = seen as [ExchangeEvent];
    expect(event.request.path).toBe('/v1/accounts/x/transactions');
    expect(event.request.query).toBe('bookingStatus=booked&dateFrom=2026-01-01');
    expect(event.request.headers['x-trace']).toEqual(['a', 'b']);
    expect(event.request.body).toBeUndefined();
    expect(event.answer?.status).toBe(403);
    expect(event.code).toBe('CONSENT_UNKNOWN');
  });

  it('numbers the exchanges of the sandbox one after another and reads the sandbox clock for `at`', async () => {
    await creation(randomUUID());
    await t.sandbox.clock.advance('P1D');
    await creation(randomUUID());
    const [first, second] = seen as [ExchangeEvent, ExchangeEvent];
    expect(second.id).toBe(first.id + 1);
    expect(Date.parse(second.at) - Date.parse(first.at)).toBeGreaterThanOrEqual(86_400_000);
    expect(Date.parse(second.realAt) - Date.parse(first.realAt)).toBeLessThan(60_000);
  });

  it('reports a refusal before anything was read: no provider, the code, no body read', async () => {
    const reply = await rawRequest(t.sandbox, '/v1/accounts', {
      headers: { 'X-Request-ID': randomUUID() },
      certificate: false,
    });
    expect(reply.status).toBe(401);
    const [event] = seen as [ExchangeEvent];
    expect(event.provider).toBeUndefined();
    expect(event.code).toBe('CERTIFICATE_MISSING');
    expect(event.answer?.body).toBe(reply.text);
  });

  it('names the endpoint row and its decoded path parameters once routed, and none before', async () => {
    await rawRequest(t.sandbox, '/v1/consents/caf%C3%A9/status', { headers: { 'X-Request-ID': randomUUID() } });
    await rawRequest(t.sandbox, '/v1/consents/x/status', {
      headers: { 'X-Request-ID': randomUUID() },
      certificate: false,
    });
    await rawRequest(t.sandbox, '/v1/nothing-here', { headers: { 'X-Request-ID': randomUUID() } });
    expect(seen.map((event) => [event.answer?.status, event.operationId, event.params])).toEqual([
      [403, 'getConsentStatus', { consent_id: 'café' }],
      [401, undefined, undefined],
      [404, undefined, undefined],
    ]);
  });

  it('reports a body over the limit without its text, and the answer to it', async () => {
    await creation(randomUUID(), `{"a":"${'x'.repeat(70_000)}"}`);
    const [event] = seen as [ExchangeEvent];
    expect(event.request.body).toBeUndefined();
    expect([event.answer?.status, event.code]).toEqual([400, 'FORMAT_ERROR']);
  });

  it('names the fault that answered, and has no answer for a dropped connection', async () => {
    await t.sandbox.faults.add([
      { kind: 'unavailable-empty', count: 1, retryAfter: 2 },
      { kind: 'drop', count: 1 },
      { kind: 'error-500', count: 1 },
    ]);
    await creation(randomUUID());
    await expect(creation(randomUUID())).rejects.toThrow();
    await creation(randomUUID());
    expect(seen.map((event) => [event.fault, event.answer?.status ?? null, event.code])).toEqual([
      ['unavailable-empty', 503, undefined],
      ['drop', null, undefined],
      ['error-500', 500, 'INTERNAL_SERVER_ERROR'],
    ]);
    expect(seen[0]!.answer).toEqual({
      status: 503,
      headers: { 'retry-after': '2', 'content-length': '0' },
      body: undefined,
    });
    expect(seen[1]!.answer).toBeNull();
  });

  it('has no answer body for HEAD, whose answer carries none', async () => {
    await rawRequest(t.sandbox, '/v1/accounts', {
      method: 'HEAD',
      headers: { 'X-Request-ID': randomUUID(), 'Consent-ID': 'c-1' },
    });
    const [event] = seen as [ExchangeEvent];
    expect(event.answer?.status).toBe(403);
    expect(event.answer?.body).toBeUndefined();
    expect(event.answer?.headers['content-type']).toBe('application/json; charset=utf-8');
  });
});
