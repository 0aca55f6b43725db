import { X509Certificate, createPrivateKey } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openssl as runOpenssl } from '../../test/helpers/tools.js';
import { createCa } from './ca.js';
import type { PemPair } from './qwac.js';
import { issueServerCertificate } from './server-cert.js';

const DAY = 24 * 60 * 60 * 1000;
let dir: string;
let ca: PemPair;
let server: PemPair;

function openssl(...args: string[]): string {
  return runOpenssl(dir, ...args);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'xs2a-ca-'));
  ca = await createCa();
  server = await issueServerCertificate(ca);
  writeFileSync(join(dir, 'ca.crt'), ca.cert);
  writeFileSync(join(dir, 'server.crt'), server.cert);
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the sandbox CA', () => {
  it('is a self-signed 10-year RSA 2048 CA named "xs2a-kit Sandbox Test CA" plus a distinct suffix', () => {
    const cert = new X509Certificate(ca.cert);
    expect(cert.subject).toMatch(/^C=DE\nO=xs2a-kit\nCN=xs2a-kit Sandbox Test CA [0-9a-f]{8}$/);
    expect(cert.issuer).toBe(cert.subject);
    expect(cert.ca).toBe(true);
    expect(cert.verify(cert.publicKey)).toBe(true);
    expect(cert.publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(cert.checkPrivateKey(createPrivateKey(ca.key))).toBe(true);
    const days = (Date.parse(cert.validTo) - Date.parse(cert.validFrom)) / DAY;
    expect(days).toBeGreaterThanOrEqual(3652);
    expect(days).toBeLessThanOrEqual(3653);
  });

  it('has critical CA basic constraints and critical certificate/CRL signing key usage, signed with SHA-256', () => {
    const text = openssl('x509', '-in', 'ca.crt', '-noout', '-text');
    expect(text).toMatch(/X509v3 Basic Constraints: critical\n\s+CA:TRUE\n/);
    expect(text).toMatch(/X509v3 Key Usage: critical\n\s+Certificate Sign, CRL Sign\n/);
    expect(text).toContain('Signature Algorithm: sha256WithRSAEncryption');
  });
});

describe('the TLS server certificate', () => {
  it('verifies against the CA for TLS server use', () => {
    expect(openssl('verify', '-CAfile', 'ca.crt', '-purpose', 'sslserver', 'server.crt')).toBe('server.crt: OK\n');
  });

  it('is for localhost, 127.0.0.1 and ::1, server auth only, valid about two years', () => {
    const cert = new X509Certificate(server.cert);
    expect(cert.subject).toBe('CN=localhost');
    expect(cert.subjectAltName).toBe('DNS:localhost, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1');
    expect(cert.checkHost('localhost')).toBe('localhost');
    expect(cert.checkIP('::1')).toBe('::1');
    expect(cert.keyUsage).toEqual(['1.3.6.1.5.5.7.3.1']);
    expect(cert.ca).toBe(false);
    const days = (Date.parse(cert.validTo) - Date.parse(cert.validFrom)) / DAY;
    expect(days).toBeGreaterThan(700);
    expect(days).toBeLessThan(825);
    const keyUsage = openssl('x509', '-in', 'server.crt', '-noout', '-ext', 'keyUsage');
    expect(keyUsage).toMatch(/Digital Signature, Key Encipherment/);
  });

  it('accepts custom host names and uses the first DNS name as common name', async () => {
    const custom = await issueServerCertificate(ca, ['10.0.0.7', 'sandbox.test']);
    const cert = new X509Certificate(custom.cert);
    expect(cert.subject).toBe('CN=sandbox.test');
    expect(cert.subjectAltName).toBe('IP Address:10.0.0.7, DNS:sandbox.test');
    expect(cert.verify(new X509Certificate(ca.cert).publicKey)).toBe(true);
  });

  it('rejects an empty host name list', async () => {
    await expect(issueServerCertificate(ca, [])).rejects.toThrow(/non-empty list/);
  });
});

describe('two sandbox CAs', () => {
  it('never share a subject name, so neither can shadow the other during chain building', async () => {
    const [a, b] = await Promise.all([createCa(), createCa()]);
    expect(new X509Certificate(a.cert).subject).not.toBe(new X509Certificate(b.cert).subject);
  });
});
