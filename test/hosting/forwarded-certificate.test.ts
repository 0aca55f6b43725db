/**
 * Behind a TLS-terminating proxy (docs/hosting.md): the client certificate forwarded in a header is
 * believed only from a trusted proxy's address, and only when it is one certificate a trusted CA
 * issued that is valid now; anything else is judged as no forwarded certificate (CERTIFICATE_MISSING
 * where the connection carries none). The trusted proxy is 127.0.0.2, so a client on 127.0.0.1 is
 * any other address; a real HAProxy terminating the mutual TLS forwards from 127.0.0.2.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCa, issueQwac } from '../../src/certs/index.js';
import { REDIRECT } from '../helpers/ais.js';
import { xs2aKit } from '../helpers/cli.js';
import { freePort, listening } from '../helpers/facility.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';

const HEADER = 'X-SSL-Client-Cert';
let t: TestSandbox;
let certs: string;

beforeAll(async () => {
  certs = await certificateFolder();
  t = await testSandbox(certs, { clientCertHeader: HEADER, trustedProxies: ['127.0.0.2'] });
});
afterAll(async () => {
  await t?.sandbox.close();
});

const pemToBase64Der = (pem: string) => new X509Certificate(pem).raw.toString('base64');

/** A consent creation over TLS from `from`, with the header (or none) and the connection's own certificate (or none). */
function create(options: {
  from: string;
  forwarded?: string | string[];
  own?: { cert: string; key: string };
  port?: number;
}): Promise<{ status: number; code: string | undefined }> {
  const url = new URL('/v1/consents', options.port ? `https://localhost:${options.port}` : t.sandbox.apiUrl);
  const body = JSON.stringify({ access: { balances: [{ iban: 'DE12123456780000100001' }] }, recurringIndicator: true });
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent: false,
        ca: t.ca,
        localAddress: options.from,
        ...(options.own ?? {}),
        headers: {
          'content-type': 'application/json',
          'x-request-id': crypto.randomUUID(),
          'tpp-redirect-uri': REDIRECT,
          ...(options.forwarded === undefined ? {} : { [HEADER]: options.forwarded }),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode!, code: text ? JSON.parse(text).tppMessages?.[0]?.code : undefined }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('a certificate forwarded by a trusted proxy', () => {
  it("is the provider's credential in HAProxy's spelling (base64 DER) and nginx's (URL-encoded PEM)", async () => {
    expect(await create({ from: '127.0.0.2', forwarded: pemToBase64Der(t.tpp.cert) })).toEqual({
      status: 201,
      code: undefined,
    });
    expect(await create({ from: '127.0.0.2', forwarded: encodeURIComponent(t.tpp.cert) })).toEqual({
      status: 201,
      code: undefined,
    });
  });

  it('is ignored from any other address: the request is judged by its own connection', async () => {
    expect(await create({ from: '127.0.0.1', forwarded: pemToBase64Der(t.tpp.cert) })).toEqual({
      status: 401,
      code: 'CERTIFICATE_MISSING',
    });
    const other = await t.sandbox.provider('other-tpp', { orgId: 'PSDDE-BAFIN-777001', roles: ['PSP_PI'] });
    // The connection's own certificate (no PSP_AI) counts, not the forwarded one (which has it).
    const own = { cert: other.tls.cert.toString(), key: other.tls.key.toString() };
    expect(await create({ from: '127.0.0.1', forwarded: pemToBase64Der(t.tpp.cert), own })).toEqual({
      status: 403,
      code: 'ROLE_INVALID',
    });
  });

  it('is not believed when malformed, several, repeated, from an untrusted CA or expired', async () => {
    const ca = await createCa();
    const foreign = issueQwac({
      ca,
      name: 'Foreign TPP',
      organizationIdentifier: 'PSDDE-BAFIN-777002',
      roles: ['PSP_AI'],
    });
    const expired = issueQwac({
      ca: { cert: readFileSync(join(certs, 'ca.crt'), 'utf8'), key: readFileSync(join(certs, 'ca.key'), 'utf8') },
      name: 'Old TPP',
      organizationIdentifier: 'PSDDE-BAFIN-777003',
      roles: ['PSP_AI'],
      notBefore: new Date(Date.now() - 3 * 86_400_000),
      notAfter: new Date(Date.now() - 86_400_000),
    });
    const refused = [
      'not a certificate',
      pemToBase64Der(t.tpp.cert).slice(0, 200),
      encodeURIComponent(`${t.tpp.cert}${t.ca}`),
      [pemToBase64Der(t.tpp.cert), pemToBase64Der(t.tpp.cert)],
      pemToBase64Der(foreign.cert),
      pemToBase64Der(expired.cert),
      '%E0%A4%A',
      '',
    ];
    for (const forwarded of refused)
      expect(await create({ from: '127.0.0.2', forwarded }), JSON.stringify(forwarded).slice(0, 60)).toEqual({
        status: 401,
        code: 'CERTIFICATE_MISSING',
      });
  });
});

describe('behind a real HAProxy terminating the mutual TLS', () => {
  let haproxy: ChildProcess;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    const pem = join(certs, 'haproxy-server.pem');
    const part = (name: string) => readFileSync(join(certs, name), 'utf8').trim();
    writeFileSync(pem, `${part('server.crt')}\n${part('server.key')}\n`);
    const backend = new URL(t.sandbox.apiUrl).port;
    const config = `global
  maxconn 256
defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
frontend xs2a_api
  bind 127.0.0.1:${port} ssl crt ${pem} ca-file ${join(certs, 'ca.crt')} verify optional
  # What a client sends in the header is never passed on: only the proxy's own verdict is.
  http-request del-header ${HEADER}
  http-request set-header ${HEADER} %[ssl_c_der,base64] if { ssl_c_used } { ssl_c_verify 0 }
  default_backend sandbox
backend sandbox
  server s1 127.0.0.1:${backend} ssl verify none source 127.0.0.2
`;
    writeFileSync(join(certs, 'haproxy-tls.cfg'), config);
    haproxy = spawn('haproxy', ['-f', join(certs, 'haproxy-tls.cfg'), '-db'], { stdio: 'ignore' });
    await listening(port);
  });
  afterAll(() => {
    haproxy?.kill();
  });

  it("passes the TPP's certificate on, refuses a request without one, and strips a header the client forged", async () => {
    expect(await create({ from: '127.0.0.1', port, own: t.tpp })).toEqual({ status: 201, code: undefined });
    expect(await create({ from: '127.0.0.1', port })).toEqual({ status: 401, code: 'CERTIFICATE_MISSING' });
    expect(await create({ from: '127.0.0.1', port, forwarded: pemToBase64Der(t.tpp.cert) })).toEqual({
      status: 401,
      code: 'CERTIFICATE_MISSING',
    });
  });
});

describe('serve with a forwarded-certificate header it cannot use', () => {
  it('refuses the header without trusted proxies, proxies without the header, and an address that is none', async () => {
    const serve = (...flags: string[]) =>
      xs2aKit(['serve', '--port', '0', '--portal-port', '0', '--certs', certs, ...flags]);
    const lines = [
      await serve('--client-cert-header', HEADER),
      await serve('--trusted-proxy', '10.0.0.5'),
      await serve('--client-cert-header', HEADER, '--trusted-proxy', '10.0.0.5,proxy.internal'),
    ].map((result) => {
      expect(result.code).toBe(1);
      return result.stderr.trim();
    });
    expect(lines[0]).toMatch(/trustedProxies: clientCertHeader needs the trusted proxies' addresses/);
    expect(lines[1]).toMatch(/clientCertHeader: trustedProxies need the header/);
    expect(lines[2]).toMatch(/trustedProxies\.1: an IP address/);
    for (const line of lines) expect(line.split('\n')).toHaveLength(1);
  });
});
