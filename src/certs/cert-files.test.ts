import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openssl } from '../../test/helpers/tools.js';
import { CERT_FILES, ensureCertificates, loadCertificates, writeProviderCertificate, type CertificatePaths } from './cert-files.js';
import { readQwacPem } from './qwac.js';

const ALL_SIX = Object.values(CERT_FILES).sort();
const root = mkdtempSync(join(tmpdir(), 'xs2a-cert-files-'));
let dir: string;
let paths: CertificatePaths;
let firstCreated: string[];

function verify(caFile: string, certFile: string, purpose: string): string {
  return openssl(process.cwd(), 'verify', '-CAfile', caFile, '-purpose', purpose, certFile);
}

beforeAll(async () => {
  // A directory that does not exist yet: ensureCertificates must create it.
  dir = join(root, 'nested', 'certs');
  ({ paths, created: firstCreated } = await ensureCertificates(dir));
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('ensureCertificates', () => {
  it('creates exactly the six sandbox files in an empty directory', () => {
    expect([...firstCreated].sort()).toEqual(ALL_SIX);
    expect(readdirSync(dir).sort()).toEqual(ALL_SIX);
    expect(paths.dir).toBe(dir);
    expect(paths.caCert).toBe(join(dir, 'ca.crt'));
    expect(paths.tppKey).toBe(join(dir, 'tpp.key'));
  });

  it('writes private keys readable by the owner only', () => {
    for (const file of [paths.caKey, paths.serverKey, paths.tppKey]) {
      expect(statSync(file).mode & 0o777).toBe(0o600);
    }
  });

  it('issues a default TPP that chains to the CA with all TPP roles', () => {
    expect(verify(paths.caCert, paths.tppCert, 'sslclient')).toBe(`${paths.tppCert}: OK\n`);
    expect(verify(paths.caCert, paths.serverCert, 'sslserver')).toBe(`${paths.serverCert}: OK\n`);
    const identity = readQwacPem(readFileSync(paths.tppCert, 'utf8'));
    expect(identity).toMatchObject({
      organizationName: 'xs2a-kit Test TPP',
      organizationIdentifier: 'PSDDE-BAFIN-123456',
      roles: ['PSP_AI', 'PSP_PI', 'PSP_IC'],
    });
  });

  it('creates nothing on a second call', async () => {
    const before = readFileSync(paths.caCert, 'utf8');
    const { created } = await ensureCertificates(dir);
    expect(created).toEqual([]);
    expect(readFileSync(paths.caCert, 'utf8')).toBe(before);
  });

  it('re-creates only the server pair when server.key is missing, from the existing CA', async () => {
    const ca = readFileSync(paths.caCert, 'utf8');
    const tpp = readFileSync(paths.tppCert, 'utf8');
    const oldServer = readFileSync(paths.serverCert, 'utf8');
    unlinkSync(paths.serverKey);
    const { created } = await ensureCertificates(dir);
    expect([...created].sort()).toEqual(['server.crt', 'server.key']);
    expect(readFileSync(paths.caCert, 'utf8')).toBe(ca);
    expect(readFileSync(paths.tppCert, 'utf8')).toBe(tpp);
    expect(readFileSync(paths.serverCert, 'utf8')).not.toBe(oldServer);
    expect(verify(paths.caCert, paths.serverCert, 'sslserver')).toBe(`${paths.serverCert}: OK\n`);
    expect(readdirSync(dir).sort()).toEqual(ALL_SIX); // no temp files left behind
  });

  it('re-issues everything when the CA key is missing, so nothing points at the old CA', async () => {
    const oldServer = readFileSync(paths.serverCert, 'utf8');
    const oldTpp = readFileSync(paths.tppCert, 'utf8');
    unlinkSync(paths.caKey);
    const { created } = await ensureCertificates(dir);
    expect([...created].sort()).toEqual(ALL_SIX);
    expect(readFileSync(paths.serverCert, 'utf8')).not.toBe(oldServer);
    expect(readFileSync(paths.tppCert, 'utf8')).not.toBe(oldTpp);
    expect(verify(paths.caCert, paths.tppCert, 'sslclient')).toBe(`${paths.tppCert}: OK\n`);
    expect(verify(paths.caCert, paths.serverCert, 'sslserver')).toBe(`${paths.serverCert}: OK\n`);
  });
});

describe('writeProviderCertificate', () => {
  it('writes NAME.crt and NAME.key with the requested roles, organization identifier and key type', async () => {
    const files = await writeProviderCertificate(dir, {
      name: 'ais-only',
      roles: ['PSP_AI'],
      organizationIdentifier: 'PSDNL-DNB-R0042',
      keyType: 'ec',
    });
    expect(files).toEqual({ cert: join(dir, 'ais-only.crt'), key: join(dir, 'ais-only.key') });
    expect(statSync(files.key).mode & 0o777).toBe(0o600);
    const identity = readQwacPem(readFileSync(files.cert, 'utf8'));
    expect(identity).toMatchObject({
      organizationName: 'ais-only',
      commonName: 'ais-only.example',
      organizationIdentifier: 'PSDNL-DNB-R0042',
      country: 'NL',
      roles: ['PSP_AI'],
      nca: { name: 'De Nederlandsche Bank', id: 'NL-DNB' },
    });
    expect(readFileSync(files.key, 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(verify(paths.caCert, files.cert, 'sslclient')).toBe(`${files.cert}: OK\n`);
  });

  it('works on an empty directory by creating the sandbox files first', async () => {
    const fresh = join(root, 'fresh');
    const files = await writeProviderCertificate(fresh, {
      name: 'pis.bank_1',
      roles: ['PSP_PI'],
      organizationIdentifier: 'PSDDE-BAFIN-777',
    });
    expect(readdirSync(fresh).sort()).toEqual([...ALL_SIX, 'pis.bank_1.crt', 'pis.bank_1.key'].sort());
    expect(verify(join(fresh, 'ca.crt'), files.cert, 'sslclient')).toBe(`${files.cert}: OK\n`);
  });

  it.each(['ca', 'CA', 'server', '../x', 'a/b', '', '.hidden', '-x', 'x'.repeat(65)])(
    'rejects %j as a provider name without writing anything',
    async (name) => {
      const untouched = join(root, `untouched-${Math.random().toString(36).slice(2)}`);
      await expect(
        writeProviderCertificate(untouched, { name, roles: ['PSP_AI'], organizationIdentifier: 'PSDDE-BAFIN-1' }),
      ).rejects.toThrow(/Invalid provider name/);
      expect(() => readdirSync(untouched)).toThrow();
    },
  );

  it('rejects unknown roles and malformed organization identifiers before writing anything', async () => {
    const untouched = join(root, 'untouched-roles');
    await expect(
      writeProviderCertificate(untouched, { name: 'x', roles: [], organizationIdentifier: 'PSDDE-BAFIN-1' }),
    ).rejects.toThrow(/non-empty/);
    await expect(
      writeProviderCertificate(untouched, { name: 'x', roles: ['PSP_AI'], organizationIdentifier: 'BAFIN-1' }),
    ).rejects.toThrow(/expected PSD<country>/);
    expect(() => readdirSync(untouched)).toThrow();
  });
});

describe('loadCertificates', () => {
  it('returns the CA, server certificate and server key as PEM text', () => {
    const loaded = loadCertificates(paths);
    expect(loaded.ca).toBe(readFileSync(paths.caCert, 'utf8'));
    expect(loaded.serverCert).toMatch(/^-----BEGIN CERTIFICATE-----/);
    expect(loaded.serverKey).toMatch(/^-----BEGIN PRIVATE KEY-----/);
  });
});
