import { randomUUID } from 'node:crypto';
import { Agent } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendHttps } from '../../src/kit/client.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';

let t: TestSandbox;
const ID = '5d2f7c1a-3b4e-4f6a-8c9d-0e1f2a3b4c5d';

beforeAll(async () => {
  t = await testSandbox(await certificateFolder());
});
afterAll(() => t.sandbox.close());

const envelope = (code: string, text: string = expect.any(String) as unknown as string) => ({
  tppMessages: [{ category: 'ERROR', code, text }],
});

describe('X-Request-ID', () => {
  it('is required: a request without one gets 400 FORMAT_ERROR', async () => {
    const answer = await t.call({ path: '/v1/accounts', client: t.tpp, requestId: false });
    expect(answer.status).toBe(400);
    expect(answer.headers['x-request-id']).toBeUndefined();
    expect(answer.json).toEqual(envelope('FORMAT_ERROR', 'X-Request-ID is required on every request (a UUID).'));
  });

  it('must be a UUID, and a bad one is still echoed', async () => {
    const answer = await t.call({ path: '/v1/accounts', client: t.tpp, requestId: 'req-42' });
    expect(answer.status).toBe(400);
    expect(answer.headers['x-request-id']).toBe('req-42');
    expect(answer.json).toEqual(envelope('FORMAT_ERROR', 'X-Request-ID must be a UUID.'));
  });

  it('refuses two X-Request-ID headers on one request', async () => {
    const answer = await t.call({
      path: '/v1/accounts',
      client: t.tpp,
      requestId: false,
      headers: { 'X-Request-ID': [ID, ID] },
    });
    expect(answer.status).toBe(400);
    expect((answer.json as { tppMessages: { code: string }[] }).tppMessages[0]?.code).toBe('FORMAT_ERROR');
  });
});

describe('bodies are JSON', () => {
  it('refuses malformed JSON with FORMAT_ERROR and echoes the id', async () => {
    const answer = await t.call({
      method: 'POST',
      path: '/v1/consents',
      client: t.tpp,
      requestId: ID,
      rawBody: '{"access":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(answer.status).toBe(400);
    expect(answer.headers['x-request-id']).toBe(ID);
    expect(answer.json).toEqual(envelope('FORMAT_ERROR', 'The body is not a JSON object or array.'));
  });

  it('refuses a JSON scalar as a body', async () => {
    const answer = await t.call({
      method: 'POST',
      path: '/v1/consents',
      client: t.tpp,
      rawBody: '"text"',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual(envelope('FORMAT_ERROR', 'The body is not a JSON object or array.'));
  });

  it('refuses a body in another content type', async () => {
    const answer = await t.call({
      method: 'POST',
      path: '/v1/consents',
      client: t.tpp,
      rawBody: 'access=all',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual(
      envelope('FORMAT_ERROR', 'Request bodies are JSON: send Content-Type: application/json.'),
    );
  });

  it('refuses a body over 64 KiB', async () => {
    const big = JSON.stringify({ filler: 'x'.repeat(70 * 1024) });
    const answer = await t.call({
      method: 'POST',
      path: '/v1/consents',
      client: t.tpp,
      rawBody: big,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual(envelope('FORMAT_ERROR', 'The body is larger than 64 KiB.'));
  });

  it('closes the connection after refusing a body it did not read to the end, and keeps it after reading one', async () => {
    // A keep-alive client: without the close it would wait, the rest of its body unread, until the
    // server's keep-alive timeout ended the connection.
    const agent = new Agent({ keepAlive: true, ca: t.ca, ...t.tpp });
    const send = (payload: string) =>
      sendHttps(new URL('/v1/consents', t.sandbox.apiUrl), {
        method: 'POST',
        headers: {
          'X-Request-ID': randomUUID(),
          'Content-Type': 'application/json',
          'TPP-Redirect-URI': 'https://tpp.example/ok',
        },
        payload,
        ca: t.ca,
        agent,
      });
    try {
      const big = await send(JSON.stringify({ filler: 'x'.repeat(1024 * 1024) }));
      expect([big.status, big.headers.connection]).toEqual([400, 'close']);
      expect(big.json).toEqual(envelope('FORMAT_ERROR', 'The body is larger than 64 KiB.'));
      const cut = await send('{"access":');
      expect([cut.status, cut.headers.connection]).toEqual([400, 'keep-alive']);
    } finally {
      agent.destroy();
    }
  });

  it('refuses a body in a charset other than UTF-8', async () => {
    const answer = await t.call({
      method: 'POST',
      path: '/v1/consents',
      client: t.tpp,
      rawBody: '{}',
      headers: { 'Content-Type': 'application/json; charset=ebcdic' },
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual(envelope('FORMAT_ERROR', 'The body must be UTF-8 JSON without content encoding.'));
  });
});

describe('routes', () => {
  it('answers an unknown path with 404 RESOURCE_UNKNOWN in the envelope', async () => {
    const answer = await t.call({ path: '/v1/unknown/thing', client: t.tpp, requestId: ID });
    expect(answer.status).toBe(404);
    expect(answer.headers['x-request-id']).toBe(ID);
    expect(answer.json).toEqual(envelope('RESOURCE_UNKNOWN', 'No resource at GET /v1/unknown/thing.'));
  });

  it('answers a path outside /v1 the same way', async () => {
    const answer = await t.call({ path: '/', client: t.tpp });
    expect(answer.status).toBe(404);
    expect((answer.json as { tppMessages: { code: string }[] }).tppMessages[0]?.code).toBe('RESOURCE_UNKNOWN');
  });

  it('answers a request line node cannot parse with a JSON 400', async () => {
    const { connect } = await import('node:tls');
    const url = new URL(t.sandbox.apiUrl);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(
        {
          host: url.hostname,
          port: Number(url.port),
          ca: t.ca,
          cert: t.tpp.cert,
          key: t.tpp.key,
          servername: 'localhost',
        },
        () => {
          socket.write(`GET /v1/accounts HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
        },
      );
      let data = '';
      socket.on('data', (chunk: Buffer) => (data += chunk.toString()));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw.startsWith('HTTP/1.1 400 Bad Request')).toBe(true);
    expect(raw).toContain('"code":"FORMAT_ERROR"');
  });
});

describe('request events', () => {
  it('emit one event per answered request with provider, status and error code', async () => {
    const seen: {
      provider: string | undefined;
      method: string;
      path: string;
      status: number;
      code: string | undefined;
    }[] = [];
    const off = t.sandbox.events.on('request', (event) => seen.push(event));
    await t.call({ path: '/v1/unknown?x=1', client: t.tpp });
    await t.call({ path: '/v1/unknown', client: null });
    off();
    expect(seen.map(({ provider, method, path, status, code }) => ({ provider, method, path, status, code }))).toEqual([
      { provider: 'PSDDE-BAFIN-123456', method: 'GET', path: '/v1/unknown', status: 404, code: 'RESOURCE_UNKNOWN' },
      { provider: undefined, method: 'GET', path: '/v1/unknown', status: 401, code: 'CERTIFICATE_MISSING' },
    ]);
  });
});
