/**
 * The test CA's revocation on the sandbox clock, end to end: the control API revokes a provider's
 * QWAC at sandbox time T, and the sandbox (--check-revocation), its OCSP responder, its CRL and
 * OpenSSL's own OCSP client and CRL check all agree, before T and after.
 */
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCa, issueQwac } from '../../src/certs/index.js';
import { createConsent, ibansOf } from '../helpers/ais.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { openssl as runOpenssl, opensslPath } from '../helpers/tools.js';
import type { ClientCertificate } from '../helpers/tls-client.js';

let t: TestSandbox;
let dir: string;
let client: ClientCertificate;
let serial: string;

const openssl = (...args: string[]) => runOpenssl(dir, ...args);
/** openssl's answer whether it succeeds or not: stdout and stderr together. */
function opensslSays(...args: string[]): string {
  try {
    return openssl(...args);
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return `${failed.stdout ?? ''}${failed.stderr ?? ''}`;
  }
}
/**
 * OpenSSL's OCSP client against the sandbox (run asynchronously: the sandbox answers from this
 * process); the responses are dated by the sandbox clock, up to days ahead of real time
 * here, hence the leeway of a week.
 */
const ocsp = (certificate: string, issuer = 'ca.crt') =>
  new Promise<string>((resolve) => {
    execFile(
      opensslPath(),
      [
        'ocsp',
        '-issuer',
        issuer,
        '-cert',
        certificate,
        '-url',
        `${t.sandbox.portalUrl}/pki/ocsp`,
        '-CAfile',
        'ca.crt',
        '-validity_period',
        '604800',
      ],
      { cwd: dir, encoding: 'utf8', timeout: 15_000 },
      (_error, stdout, stderr) => resolve(`${stdout}${stderr}`),
    );
  });
// OpenSSL prints a serial in whole bytes, upper case: a serial whose first nibble is 0
// (one in sixteen of the random ones) gets its leading 0 back.
const opensslSerial = (hex: string) => (hex.length % 2 ? `0${hex}` : hex).toUpperCase();
const epoch = (at: Date) => String(Math.floor(at.getTime() / 1000));

async function consent(certificate: ClientCertificate) {
  const iban = ibansOf(t, 'anna')[0]!;
  return (
    await createConsent(
      t,
      { access: { balances: [{ iban }] }, recurringIndicator: true, frequencyPerDay: 4 },
      { client: certificate },
    )
  ).answer;
}

async function crlAt(name: string): Promise<void> {
  const res = await fetch(`${t.sandbox.portalUrl}/pki/ca.crl`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pkix-crl');
  writeFileSync(join(dir, `${name}.der`), Buffer.from(await res.arrayBuffer()));
  openssl('crl', '-inform', 'DER', '-in', `${name}.der`, '-out', `${name}.pem`);
}

beforeAll(async () => {
  dir = await certificateFolder();
  t = await testSandbox(dir, { checkRevocation: true, expireBySandboxClock: true });
  const provider = await t.sandbox.provider('revoked-tpp');
  client = { cert: provider.tls.cert.toString(), key: provider.tls.key.toString() };
  serial = provider.serialNumber;
  writeFileSync(join(dir, 'p.crt'), client.cert);
});

afterAll(async () => {
  await t.sandbox.close();
});

describe('a provider QWAC revoked at sandbox time T', () => {
  it('is accepted before T and refused after; OCSP says good then revoked; the CRL lists it; OpenSSL agrees', async () => {
    await t.sandbox.clock.advance('PT1H');
    const before = t.sandbox.clock.now();
    const T = new Date(before.getTime() + 30 * 60_000);
    const revoked = await t.control(`/certificates/${serial}/revoke`, {
      body: { reason: 'keyCompromise', at: T.toISOString() },
    });
    expect(revoked.status).toBe(200);
    expect(revoked.json).toMatchObject({
      serial,
      status: 'good',
      scheduled: { state: 'revoked', reason: 'keyCompromise', at: T.toISOString() },
    });

    // Before T: the sandbox serves it, OCSP answers good, the CRL does not list it.
    expect((await consent(client)).status).toBe(201);
    expect(await ocsp('p.crt')).toMatch(/^p\.crt: good$/m);
    await crlAt('before');
    expect(openssl('crl', '-in', 'before.pem', '-noout', '-text')).not.toContain(opensslSerial(serial));
    expect(
      opensslSays(
        'verify',
        '-crl_check',
        '-CAfile',
        'ca.crt',
        '-CRLfile',
        'before.pem',
        '-attime',
        // The CRL's thisUpdate is the sandbox's now when it was fetched, in whole seconds.
        epoch(t.sandbox.clock.now()),
        'p.crt',
      ),
    ).toBe('p.crt: OK\n');

    // After T, by moving the clock only.
    await t.sandbox.clock.advance('PT1H');
    const after = await consent(client);
    expect(after.status).toBe(401);
    expect(after.json).toEqual({
      tppMessages: [
        {
          category: 'ERROR',
          code: 'CERTIFICATE_MISSING',
          text: `The client certificate has been revoked by its certificate authority (keyCompromise, ${T.toISOString()}).`,
        },
      ],
    });
    expect(after.headers['x-request-id']).toBeDefined();
    const status = await ocsp('p.crt');
    expect(status).toMatch(/^p\.crt: revoked$/m);
    expect(status).toContain('Reason: keyCompromise');
    expect(status).toContain('Response verify OK');
    await crlAt('after');
    const crl = openssl('crl', '-in', 'after.pem', '-noout', '-text');
    expect(crl).toMatch(
      new RegExp(
        `Serial Number: ${opensslSerial(serial)}\\s+Revocation Date: .*\\s+CRL entry extensions:\\s+X509v3 CRL Reason Code: \\s*Key Compromise`,
      ),
    );
    const now = t.sandbox.clock.now();
    expect(
      opensslSays('verify', '-crl_check', '-CAfile', 'ca.crt', '-CRLfile', 'after.pem', '-attime', epoch(now), 'p.crt'),
    ).toContain('certificate revoked');
    // The default provider, never revoked, is still served and good.
    expect((await consent(t.tpp)).status).toBe(201);
    expect(await ocsp('tpp.crt')).toMatch(/^tpp\.crt: good$/m);
    expect(
      opensslSays(
        'verify',
        '-crl_check',
        '-CAfile',
        'ca.crt',
        '-CRLfile',
        'after.pem',
        '-attime',
        epoch(now),
        'tpp.crt',
      ),
    ).toBe('tpp.crt: OK\n');
    // The control API says the same.
    expect((await t.control(`/certificates/${serial}`)).json).toMatchObject({
      serial,
      status: 'revoked',
      reason: 'keyCompromise',
      since: T.toISOString(),
    });
  });
});

describe('suspension', () => {
  it('a suspended QWAC is refused and OCSP says revoked with certificateHold; resumed, it is served and good again', async () => {
    const provider = await t.sandbox.provider('suspended-tpp');
    const suspended = { cert: provider.tls.cert.toString(), key: provider.tls.key.toString() };
    writeFileSync(join(dir, 's.crt'), suspended.cert);
    expect((await t.control(`/certificates/${provider.serialNumber}/suspend`, { body: {} })).status).toBe(200);
    const refused = await consent(suspended);
    expect(refused.status).toBe(401);
    expect((refused.json as { tppMessages: { code: string; text: string }[] }).tppMessages[0]).toMatchObject({
      code: 'CERTIFICATE_MISSING',
      text: expect.stringMatching(
        /^The client certificate is suspended by its certificate authority \(certificateHold since /,
      ),
    });
    expect(await ocsp('s.crt')).toContain('Reason: certificateHold');
    expect((await t.control(`/certificates/${provider.serialNumber}/resume`, { body: {} })).status).toBe(200);
    expect((await consent(suspended)).status).toBe(201);
    expect(await ocsp('s.crt')).toMatch(/^s\.crt: good$/m);
  });
});

describe('expiry by the sandbox clock', () => {
  it('a QWAC valid for one day is served today and refused when the clock moves two days', async () => {
    const ca = { cert: t.ca, key: t.caKey };
    const start = t.sandbox.clock.now();
    const realNow = new Date();
    const pair = issueQwac({
      ca,
      name: 'One Day TPP',
      organizationIdentifier: 'PSDDE-BAFIN-700001',
      roles: ['PSP_AI'],
      notBefore: new Date(realNow.getTime() - 60_000),
      notAfter: new Date(start.getTime() + 24 * 3600_000),
    });
    expect((await consent(pair)).status).toBe(201);
    await t.sandbox.clock.advance('P2D');
    const refused = await consent(pair);
    expect(refused.status).toBe(401);
    expect((refused.json as { tppMessages: { code: string; text: string }[] }).tppMessages[0]!.text).toMatch(
      /^The client certificate expired on .* \(sandbox clock\)\.$/,
    );
  });
});

describe('refused revocation calls change nothing', () => {
  const records = () => readFileSync(join(dir, 'revocations.json'), 'utf8');

  it('an unknown serial is 404 RESOURCE_UNKNOWN, the CA certificate and a second revocation 400, each with path serial', async () => {
    const file = records();
    const unknown = await t.control('/certificates/0abc123/revoke', { body: { reason: 'keyCompromise' } });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({
      tppMessages: [{ category: 'ERROR', code: 'RESOURCE_UNKNOWN', path: 'serial' }],
    });
    const caSerial = openssl('x509', '-in', 'ca.crt', '-noout', '-serial')
      .trim()
      .replace(/^serial=/, '');
    const ca = await t.control(`/certificates/${caSerial}/revoke`, { body: { reason: 'cACompromise' } });
    expect(ca.status).toBe(400);
    expect(ca.json).toMatchObject({
      tppMessages: [{ code: 'FORMAT_ERROR', path: 'serial', text: expect.stringContaining('CA certificate itself') }],
    });
    const twice = await t.control(`/certificates/${serial}/revoke`, { body: { reason: 'superseded' } });
    expect(twice.status).toBe(400);
    expect(twice.json).toMatchObject({
      tppMessages: [{ code: 'FORMAT_ERROR', path: 'serial', text: expect.stringContaining('already revoked') }],
    });
    const reason = await t.control(`/certificates/${serial}/revoke`, { body: { reason: 'forgotten' } });
    expect(reason.status).toBe(400);
    expect(reason.json).toMatchObject({ tppMessages: [{ code: 'FORMAT_ERROR', path: 'reason' }] });
    const notHex = await t.control('/certificates/xyz/revoke', { body: { reason: 'keyCompromise' } });
    expect(notHex.status).toBe(400);
    expect(notHex.json).toMatchObject({ tppMessages: [{ code: 'FORMAT_ERROR', path: 'serial' }] });
    expect(records()).toBe(file);
  });
});

describe('OCSP bad input answers the RFC 6960 statuses', () => {
  it('a body that is not an OCSP request is malformedRequest (1), over POST and GET', async () => {
    const post = await fetch(`${t.sandbox.portalUrl}/pki/ocsp`, {
      method: 'POST',
      headers: { 'content-type': 'application/ocsp-request' },
      body: 'not DER at all',
    });
    expect(post.status).toBe(200);
    expect(post.headers.get('content-type')).toBe('application/ocsp-response');
    // OCSPResponse { responseStatus ENUMERATED 1 }
    expect(Buffer.from(await post.arrayBuffer()).toString('hex')).toBe('30030a0101');
    const huge = await fetch(`${t.sandbox.portalUrl}/pki/ocsp`, {
      method: 'POST',
      headers: { 'content-type': 'application/ocsp-request' },
      body: Buffer.alloc(200_000, 0x30),
    });
    expect(huge.status).toBe(200);
    expect(Buffer.from(await huge.arrayBuffer()).toString('hex')).toBe('30030a0101');
    const get = await fetch(`${t.sandbox.portalUrl}/pki/ocsp/${encodeURIComponent('!!not base64')}`);
    expect(Buffer.from(await get.arrayBuffer()).toString('hex')).toBe('30030a0101');
  });

  it('a serial this CA never issued is unknown; a certificate of another issuer is unauthorized (6)', async () => {
    const stranger = issueQwac({
      ca: { cert: t.ca, key: t.caKey },
      name: 'Never Filed',
      organizationIdentifier: 'PSDDE-BAFIN-700002',
      roles: ['PSP_AI'],
    });
    writeFileSync(join(dir, 'never-filed.pem'), stranger.cert);
    expect(await ocsp('never-filed.pem')).toMatch(/^never-filed\.pem: unknown$/m);
    const foreignCa = await createCa();
    writeFileSync(join(dir, 'foreign-ca.pem'), foreignCa.cert);
    writeFileSync(
      join(dir, 'foreign.pem'),
      issueQwac({ ca: foreignCa, name: 'Foreign', organizationIdentifier: 'PSDDE-BAFIN-700003', roles: ['PSP_AI'] })
        .cert,
    );
    expect(await ocsp('foreign.pem', 'foreign-ca.pem')).toContain('Responder Error: unauthorized (6)');
  });

  it('OCSP by GET (RFC 6960 A.1) answers as by POST', async () => {
    openssl('ocsp', '-issuer', 'ca.crt', '-cert', 'tpp.crt', '-no_nonce', '-reqout', 'get.req');
    const encoded = encodeURIComponent(readFileSync(join(dir, 'get.req')).toString('base64'));
    const res = await fetch(`${t.sandbox.portalUrl}/pki/ocsp/${encoded}`);
    writeFileSync(join(dir, 'get.resp'), Buffer.from(await res.arrayBuffer()));
    expect(
      opensslSays(
        'ocsp',
        '-respin',
        'get.resp',
        '-issuer',
        'ca.crt',
        '-cert',
        'tpp.crt',
        '-CAfile',
        'ca.crt',
        '-no_nonce',
        '-validity_period',
        '604800',
      ),
    ).toMatch(/^tpp\.crt: good$/m);
  });
});

describe("sandbox.pki, for a TPP's own tests", () => {
  it('revokes a provider by its TLS material on the sandbox clock, says so in status, and refuses the unknown and the second time with code and path', async () => {
    const provider = await t.sandbox.provider('library-revoked');
    expect(t.sandbox.pki.ocspUrl).toBe(`${t.sandbox.portalUrl}/pki/ocsp`);
    expect(t.sandbox.pki.status(provider.tls)).toMatchObject({ serial: provider.serialNumber, status: 'good' });
    const revoked = await t.sandbox.pki.revoke(provider.tls, { reason: 'privilegeWithdrawn' });
    expect(revoked).toMatchObject({ status: 'revoked', reason: 'privilegeWithdrawn' });
    const refused = await consent({ cert: provider.tls.cert.toString(), key: provider.tls.key.toString() });
    expect(refused.status).toBe(401);
    await expect(t.sandbox.pki.revoke(provider.serialNumber, { reason: 'keyCompromise' })).rejects.toMatchObject({
      name: 'SandboxError',
      code: 'FORMAT_ERROR',
      path: 'serial',
    });
    await expect(t.sandbox.pki.suspend('abcdef')).rejects.toMatchObject({ code: 'RESOURCE_UNKNOWN', path: 'serial' });
    await expect(t.sandbox.pki.revoke(provider.tls, { reason: 'nonsense' as 'keyCompromise' })).rejects.toMatchObject({
      code: 'FORMAT_ERROR',
      path: 'reason',
    });
  });
});

describe('with every TPP its own world (--worlds organisation)', () => {
  it("revocation is the facility's: the operator revokes, and the provider's own world refuses it by its own clock", async () => {
    const worldsDir = await certificateFolder();
    const facility = await testSandbox(worldsDir, { checkRevocation: true, worlds: 'organisation' });
    try {
      const provider = await facility.sandbox.provider('world-tpp');
      const certificate = { cert: provider.tls.cert.toString(), key: provider.tls.key.toString() };
      const iban = ibansOf(facility, 'anna')[0]!;
      const create = () =>
        createConsent(
          facility,
          { access: { balances: [{ iban }] }, recurringIndicator: true, frequencyPerDay: 4 },
          { client: certificate },
        );
      expect((await create()).answer.status).toBe(201);
      const revoked = await fetch(
        `${facility.sandbox.portalUrl}/sandbox/certificates/${provider.serialNumber}/revoke`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ reason: 'cessationOfOperation' }),
        },
      );
      expect(revoked.status).toBe(200);
      const refused = (await create()).answer;
      expect(refused.status).toBe(401);
      expect((refused.json as { tppMessages: { code: string }[] }).tppMessages[0]!.code).toBe('CERTIFICATE_MISSING');
      // Not on a provider's own control API on the XS2A port: the CA is the operator's.
      const own = await facility.call({ path: `/sandbox/certificates`, client: facility.tpp });
      expect(own.status).toBe(404);
      expect(own.json).toMatchObject({ tppMessages: [{ code: 'RESOURCE_UNKNOWN' }] });
    } finally {
      await facility.sandbox.close();
    }
  });
});
