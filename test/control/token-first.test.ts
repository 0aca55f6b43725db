/**
 * With --control-token, the token is the first thing the control API looks at, on every path under
 * /sandbox, known or not: a caller without it learns nothing (not which paths exist, not which
 * content type or body a call needs). `GET /sandbox/health` is the one call open without it.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';

const TOKEN = 's3cret';
let t: TestSandbox;

beforeAll(async () => {
  t = await testSandbox(await certificateFolder(), { controlToken: TOKEN });
});
afterAll(() => t.sandbox.close());

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: unknown;
}

/** Exactly the bytes given: no content type unless named, any Host. */
function raw(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<Raw>((resolve, reject) => {
    const req = request(
      `${t.sandbox.portalUrl}${path}`,
      { method: init.method ?? 'GET', headers: init.headers ?? {} },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, json: text ? JSON.parse(text) : undefined }),
        );
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

const codeOf = (answer: Raw) => (answer.json as { tppMessages?: { code: string }[] }).tppMessages?.[0]?.code;
const bearer = { authorization: `Bearer ${TOKEN}` };

describe('the control token comes first', () => {
  it.each([
    ['a body-less POST /sandbox/reset without a content type', '/sandbox/reset', { method: 'POST' }],
    [
      'a POST with a body that is not JSON',
      '/sandbox/clock',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{nope' },
    ],
    [
      'a POST with a form content type',
      '/sandbox/clock',
      { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1' },
    ],
    ['an unknown control path', '/sandbox/no-such-call', {}],
    ['an unknown control path, posted', '/sandbox/no-such-call', { method: 'POST' }],
    ['a known path with a method it does not take', '/sandbox/customers', { method: 'PUT' }],
    ['a foreign Host (DNS rebinding)', '/sandbox/customers', { headers: { host: 'evil.example' } }],
    ['a cross-site request', '/sandbox/sms', { headers: { origin: 'https://evil.example' } }],
  ] as const)('answers 401 TOKEN_INVALID to %s', async (_what, path, init) => {
    const answer = await raw(path, init);
    expect([answer.status, codeOf(answer)]).toEqual([401, 'TOKEN_INVALID']);
    expect(answer.headers['www-authenticate']).toBe('Bearer realm="xs2a-kit sandbox control"');
  });

  it('changes nothing for a refused call: the reset did not happen', async () => {
    await t.sandbox.clock.advance('P1D');
    const moved = t.sandbox.clock.now().getTime();
    expect((await raw('/sandbox/reset', { method: 'POST' })).status).toBe(401);
    expect(t.sandbox.clock.now().getTime()).toBeGreaterThanOrEqual(moved);
  });

  it('then applies the other rules to a caller holding the token', async () => {
    const noType = await raw('/sandbox/reset', { method: 'POST', headers: bearer });
    expect([noType.status, codeOf(noType)]).toEqual([400, 'FORMAT_ERROR']);
    const unknown = await raw('/sandbox/no-such-call', { headers: bearer });
    expect([unknown.status, codeOf(unknown)]).toEqual([404, 'RESOURCE_UNKNOWN']);
    const foreign = await raw('/sandbox/customers', { headers: { ...bearer, host: 'evil.example' } });
    expect([foreign.status, codeOf(foreign)]).toEqual([403, 'HOST_NOT_ALLOWED']);
    const reset = await raw('/sandbox/reset', {
      method: 'POST',
      headers: { ...bearer, 'content-type': 'application/json' },
    });
    expect(reset.status).toBe(200);
  });
});

describe('GET /sandbox/health', () => {
  it('answers 200 without the token once the sandbox is started, and tells nothing else', async () => {
    const answer = await raw('/sandbox/health');
    expect([answer.status, answer.json]).toEqual([200, { status: 'ready' }]);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect((await raw('/sandbox/health', { method: 'HEAD' })).status).toBe(200);
  });

  it('is still refused to a foreign Host and to another site', async () => {
    const foreign = await raw('/sandbox/health', { headers: { host: 'evil.example' } });
    expect([foreign.status, codeOf(foreign)]).toEqual([403, 'HOST_NOT_ALLOWED']);
    const crossSite = await raw('/sandbox/health', { headers: { 'sec-fetch-site': 'cross-site' } });
    expect([crossSite.status, codeOf(crossSite)]).toEqual([403, 'ORIGIN_NOT_ALLOWED']);
  });

  it('takes only GET: another method needs the token, then is 405 with Allow', async () => {
    expect((await raw('/sandbox/health', { method: 'POST' })).status).toBe(401);
    const post = await raw('/sandbox/health', {
      method: 'POST',
      headers: { ...bearer, 'content-type': 'application/json' },
    });
    expect([post.status, codeOf(post), post.headers.allow]).toEqual([405, 'METHOD_NOT_ALLOWED', 'GET, HEAD']);
  });
});
