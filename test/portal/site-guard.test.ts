/**
 * Other web pages a developer opens must not drive the local sandbox: no cross-site use of the
 * control API (even without a token), no DNS rebinding (a foreign Host), no HTML-form posts into the
 * control API or the bank's pages from another site — while the SCA page still opens from a
 * provider's cross-site redirect. Pages are never framed or sniffed.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsent, ibansOf } from '../helpers/ais.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: unknown;
}

/** A request with headers a browser would send and fetch would not let us set (Host, Sec-Fetch-*). */
function raw(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers ?? {} }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => {
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
      });
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

const envelope = (code: string) => ({ tppMessages: [expect.objectContaining({ category: 'ERROR', code })] });
let certs: string;
let t: TestSandbox;
let control: string;
let portal: string;

beforeAll(async () => {
  certs = await certificateFolder();
  t = await testSandbox(certs, { clockStart: '2026-03-02T10:00:00Z' });
  control = t.sandbox.controlUrl;
  portal = t.sandbox.portalUrl;
});
afterAll(() => t?.sandbox.close());

async function consentCount(): Promise<number> {
  return ((await t.control('/consents')).json as unknown[]).length;
}

describe('the control API refuses cross-site use, with no token set', () => {
  it.each([
    ['an Origin of another site', { Origin: 'https://evil.example' }],
    ['the Origin null of a sandboxed frame', { Origin: 'null' }],
    ['Sec-Fetch-Site cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
  ])('refuses POST /sandbox/reset with %s: 403 ORIGIN_NOT_ALLOWED and nothing is reset', async (_what, headers) => {
    await createConsent(t, { access: { balances: [{ iban: ibansOf(t, 'anna')[0] }] } });
    const before = await consentCount();
    const refused = await raw(`${control}/reset`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual(envelope('ORIGIN_NOT_ALLOWED'));
    expect(await consentCount()).toBe(before);
  });

  it('refuses reading the one-time codes from another site', async () => {
    const refused = await raw(`${control}/sms`, {
      headers: { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'cors' },
    });
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual(envelope('ORIGIN_NOT_ALLOWED'));
    expect(refused.text).not.toMatch(/\d{6}/);
  });

  it('serves the developer’s own tools: same-origin, same-site, no Origin at all', async () => {
    expect((await raw(`${control}/clock`)).status).toBe(200);
    expect(
      (await raw(`${control}/clock`, { headers: { Origin: portal, 'Sec-Fetch-Site': 'same-origin' } })).status,
    ).toBe(200);
    const port = new URL(portal).port;
    expect(
      (
        await raw(`${control}/clock`, {
          headers: { Host: `localhost:${port}`, Origin: `http://localhost:${port}`, 'Sec-Fetch-Site': 'same-origin' },
        })
      ).status,
    ).toBe(200);
  });

  // The sandbox's own origin is its scheme, host and port as the browser reached it; anything else is
  // another site, a bare IP address or another port of this machine included.
  it.each([
    ['an IPv4 address of another machine', '127.0.0.1', 'http://203.0.113.7'],
    ['an IPv4 address with a port', '127.0.0.1', 'http://203.0.113.7:8080'],
    ['this machine on another port', '127.0.0.1', 'http://127.0.0.1:1'],
    ['this address over https', '127.0.0.1', 'https://127.0.0.1:PORT'],
    ['another IPv6 address', '127.0.0.1', 'http://[2001:db8::7]:PORT'],
    ['IPv6 loopback while reached by IPv4', '127.0.0.1', 'http://[::1]:PORT'],
    ['an IPv4 address while reached by IPv6', '[::1]', 'http://127.0.0.1:PORT'],
    ['a host name on another port', 'localhost', 'http://localhost:3000'],
    ['a name under localhost', 'localhost', 'http://app.localhost:PORT'],
    ['another host name on the same port', '127.0.0.1', 'http://evil.example:PORT'],
  ])(
    'refuses an Origin of %s: 403 ORIGIN_NOT_ALLOWED, the journal neither read nor cleared',
    async (_what, host, origin) => {
      const port = new URL(portal).port;
      const headers = { Host: `${host}:${port}`, Origin: origin.replace('PORT', port) };
      const read = await raw(`${control}/requests`, { headers });
      expect(read.status).toBe(403);
      expect(read.json).toEqual(envelope('ORIGIN_NOT_ALLOWED'));
      expect(read.text).not.toContain('"requests"');
      await t.call({ path: '/v1/consents/no-such-consent', client: t.tpp });
      const kept = ((await t.control('/requests')).json as { kept: number }).kept;
      const cleared = await raw(`${control}/requests`, { method: 'DELETE', headers });
      expect(cleared.status).toBe(403);
      expect(cleared.json).toEqual(envelope('ORIGIN_NOT_ALLOWED'));
      expect(((await t.control('/requests')).json as { kept: number }).kept).toBe(kept);
    },
  );

  it.each([
    ['IPv4', '127.0.0.1'],
    ['IPv6', '[::1]'],
    ['a host name', 'localhost'],
  ])('serves an Origin that is the sandbox’s own address by %s (scheme, host and port)', async (_what, host) => {
    const port = new URL(portal).port;
    const answer = await raw(`${control}/requests`, {
      headers: { Host: `${host}:${port}`, Origin: `http://${host}:${port}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual(expect.objectContaining({ requests: expect.any(Array) }));
  });

  it.each([
    ['no Content-Type', {}],
    ['a form’s Content-Type', { 'Content-Type': 'application/x-www-form-urlencoded' }],
    ['text/plain, a simple cross-site request', { 'Content-Type': 'text/plain' }],
  ])(
    'requires Content-Type: application/json on state-changing calls: %s is 400 FORMAT_ERROR and nothing changes',
    async (_what, headers) => {
      const before = (await t.control('/clock')).json as { now: string };
      const body = headers['Content-Type' as keyof typeof headers] === undefined ? undefined : '{"advance":"P1D"}';
      const refused = await raw(`${control}/clock`, {
        method: 'POST',
        headers,
        ...(body === undefined ? {} : { body }),
      });
      expect(refused.status).toBe(400);
      expect(refused.json).toEqual({
        tppMessages: [
          {
            category: 'ERROR',
            code: 'FORMAT_ERROR',
            text: 'State-changing control calls need Content-Type: application/json.',
          },
        ],
      });
      const after = (await t.control('/clock')).json as { now: string };
      expect(Date.parse(after.now) - Date.parse(before.now)).toBeLessThan(60_000);
      const deleted = await raw(`${control}/faults`, { method: 'DELETE' });
      expect(deleted.status).toBe(400);
    },
  );
});

describe('DNS rebinding: the Host must be this sandbox', () => {
  it('refuses a foreign Host on the control API with 403 HOST_NOT_ALLOWED, and on the pages with a page', async () => {
    const api = await raw(`${control}/sms`, { headers: { Host: 'evil.example' } });
    expect(api.status).toBe(403);
    expect(api.json).toEqual(envelope('HOST_NOT_ALLOWED'));
    const page = await raw(`${portal}/portal`, { headers: { Host: 'rebind.evil.example:8080' } });
    expect(page.status).toBe(403);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('is not a name of this sandbox');
  });

  it('answers IP addresses, localhost and names under it', async () => {
    const port = new URL(portal).port;
    for (const host of [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      `[::1]:${port}`,
      `app.localhost:${port}`,
      '10.0.0.7',
    ]) {
      expect((await raw(`${control}/clock`, { headers: { Host: host } })).status, host).toBe(200);
    }
  });

  it('answers a name the user allowed with --allow-host, and no other', async () => {
    const allowing = await testSandbox(certs, { allowHosts: ['sandbox.test'] });
    try {
      expect(
        (await raw(`${allowing.sandbox.controlUrl}/clock`, { headers: { Host: 'sandbox.test:8080' } })).status,
      ).toBe(200);
      expect((await raw(`${allowing.sandbox.controlUrl}/clock`, { headers: { Host: 'other.test' } })).status).toBe(403);
    } finally {
      await allowing.sandbox.close();
    }
  });
});

describe('the bank’s pages', () => {
  it('open from a provider’s cross-site redirect: a top-level GET navigation is served', async () => {
    const created = await createConsent(t, { access: { balances: [{ iban: ibansOf(t, 'anna')[0] }] } });
    const href = (created.answer.json as { _links: { scaRedirect: { href: string } } })._links.scaRedirect.href;
    const page = await raw(href, {
      headers: {
        'Sec-Fetch-Site': 'cross-site',
        'Sec-Fetch-Mode': 'navigate',
        'Sec-Fetch-Dest': 'document',
        Referer: 'https://tpp.example/start',
      },
    });
    expect(page.status).toBe(200);
    expect(page.text).toContain('User ID');
  });

  it('refuse a form post from another site with a page, and nothing moves', async () => {
    const created = await createConsent(t, { access: { balances: [{ iban: ibansOf(t, 'anna')[0] }] } });
    const state = new URL(
      (created.answer.json as { _links: { scaRedirect: { href: string } } })._links.scaRedirect.href,
    ).searchParams.get('state')!;
    const body = new URLSearchParams({ psuId: 'anna', password: 'anna-1234', state, csrf: 'x' }).toString();
    const posted = await raw(`${portal}/sca/${created.authorisationId}/login`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example', 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
    });
    expect(posted.status).toBe(403);
    expect(posted.text).toContain('Form not accepted');
    const sca = await t.call({
      path: `/v1/consents/${created.consentId}/authorisations/${created.authorisationId}`,
      client: t.tpp,
    });
    expect(sca.json).toEqual({ scaStatus: 'received' });
  });

  it('are never framed or sniffed: X-Frame-Options, frame-ancestors and nosniff on the SCA page and the portal', async () => {
    const created = await createConsent(t, { access: { balances: [{ iban: ibansOf(t, 'anna')[0] }] } });
    const href = (created.answer.json as { _links: { scaRedirect: { href: string } } })._links.scaRedirect.href;
    for (const url of [href, `${portal}/`, `${portal}/portal`]) {
      const page = await raw(url);
      expect(page.headers['x-frame-options'], url).toBe('DENY');
      expect(page.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(page.headers['x-content-type-options'], url).toBe('nosniff');
    }
    expect((await raw(`${control}/clock`)).headers['x-content-type-options']).toBe('nosniff');
  });

  it('read a malformed cookie as a stranger’s, never a 500', async () => {
    for (const path of ['/', '/portal']) {
      const page = await raw(`${portal}${path}`, { headers: { Cookie: 'xs2a_browser=%E0%A4%A; xs2a_portal=%' } });
      expect([200, 303], path).toContain(page.status);
    }
  });
});

describe('the XS2A API', () => {
  it('sends nosniff on success and error answers', async () => {
    const ok = await t.call({
      method: 'PUT',
      path: '/v1/revocation-callback',
      client: t.tpp,
      body: { url: 'https://tpp.example/revoked' },
    });
    const refused = await t.call({ path: '/v1/accounts', client: null });
    expect(ok.headers['x-content-type-options']).toBe('nosniff');
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
  });
});
