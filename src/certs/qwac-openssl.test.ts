import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openssl as runOpenssl } from '../../test/helpers/tools.js';
import { createCa } from './ca.js';
import { issueQwac, type PemPair } from './qwac.js';

// OpenSSL is the reference here: if it accepts the hand-assembled certificates,
// so will Node's TLS stack and the TPPs' own tooling.
let dir: string;
let ca: PemPair;
let rsa: PemPair;
let ec: PemPair;

function openssl(...args: string[]): string {
  return runOpenssl(dir, ...args);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'xs2a-qwac-openssl-'));
  ca = await createCa();
  const base = { ca, name: 'Acme Payments GmbH', organizationIdentifier: 'PSDDE-BAFIN-123456' };
  rsa = issueQwac({ ...base, roles: ['PSP_AI', 'PSP_PI'], keyType: 'rsa' });
  ec = issueQwac({ ...base, roles: ['PSP_IC'], keyType: 'ec' });
  writeFileSync(join(dir, 'ca.crt'), ca.cert);
  writeFileSync(join(dir, 'ca.key'), ca.key);
  writeFileSync(join(dir, 'rsa.crt'), rsa.cert);
  writeFileSync(join(dir, 'rsa.key'), rsa.key);
  writeFileSync(join(dir, 'ec.crt'), ec.cert);
  writeFileSync(join(dir, 'ec.key'), ec.key);
  writeFileSync(join(dir, 'other-ca.crt'), (await createCa()).cert);
});

function extractKeyId(text: string): string {
  const match = /([0-9A-F]{2}:){19}[0-9A-F]{2}/.exec(text);
  if (!match) throw new Error(`no key identifier in ${JSON.stringify(text)}`);
  return match[0];
}

function writeSelfSigned(keyFile: string): string {
  const out = `${keyFile}.selfsigned.crt`;
  openssl('req', '-new', '-x509', '-key', keyFile, '-subj', '/CN=key-id', '-days', '1', '-addext', 'subjectKeyIdentifier=hash', '-out', out);
  return out;
}

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('QWACs checked by OpenSSL', () => {
  it.each(['rsa', 'ec'])('verifies the %s QWAC against the sandbox CA for TLS client use', (name) => {
    expect(openssl('verify', '-CAfile', 'ca.crt', '-purpose', 'sslclient', `${name}.crt`)).toBe(`${name}.crt: OK\n`);
  });

  it('also allows the QWAC as a TLS server certificate, as QWACs are website certificates', () => {
    expect(openssl('verify', '-CAfile', 'ca.crt', '-purpose', 'sslserver', 'ec.crt')).toBe('ec.crt: OK\n');
  });

  it('does not verify a QWAC against a different CA with the same name', () => {
    expect(() => openssl('verify', '-CAfile', 'other-ca.crt', '-purpose', 'sslclient', 'rsa.crt')).toThrow();
  });

  it.each(['rsa', 'ec'])('marks Digital Signature as the only, critical key usage of the %s QWAC', (name) => {
    expect(openssl('x509', '-in', `${name}.crt`, '-noout', '-ext', 'keyUsage')).toMatch(
      /X509v3 Key Usage: critical\n\s+Digital Signature\n$/,
    );
  });

  it('writes the ETSI subject, client and server auth, CA:FALSE and a DNS SAN', () => {
    const subject = openssl('x509', '-in', 'ec.crt', '-noout', '-subject', '-nameopt', 'RFC2253');
    expect(subject).toBe('subject=CN=acme-payments-gmbh.example,organizationIdentifier=PSDDE-BAFIN-123456,O=Acme Payments GmbH,C=DE\n');
    const ext = openssl('x509', '-in', 'ec.crt', '-noout', '-ext', 'basicConstraints,extendedKeyUsage,subjectAltName');
    expect(ext).toContain('CA:FALSE');
    expect(ext).toContain('TLS Web Client Authentication, TLS Web Server Authentication');
    expect(ext).toContain('DNS:acme-payments-gmbh.example');
  });

  it('has a non-critical qcStatements extension and an issuer equal to the CA subject', () => {
    const text = openssl('x509', '-in', 'rsa.crt', '-noout', '-text');
    expect(text).toMatch(/qcStatements: \n/); // no "critical" after the name
    const issuer = openssl('x509', '-in', 'rsa.crt', '-noout', '-issuer');
    const caSubject = openssl('x509', '-in', 'ca.crt', '-noout', '-subject');
    expect(issuer.replace(/^issuer=/, '')).toBe(caSubject.replace(/^subject=/, ''));
    expect(issuer).toMatch(/^issuer=C = DE, O = xs2a-kit, CN = xs2a-kit Sandbox Test CA [0-9a-f]{8}\n$/);
  });

  it('matches OpenSSL\'s own key identifiers: SKI from the QWAC key, AKI from the CA key', () => {
    // OpenSSL computes "subjectKeyIdentifier=hash" (RFC 5280 method 1) for a
    // throwaway self-signed certificate over the same key.
    const opensslKeyId = (keyFile: string): string =>
      extractKeyId(
        openssl('x509', '-noout', '-ext', 'subjectKeyIdentifier', '-in', writeSelfSigned(keyFile)),
      );
    expect(extractKeyId(openssl('x509', '-in', 'ec.crt', '-noout', '-ext', 'subjectKeyIdentifier'))).toBe(opensslKeyId('ec.key'));
    expect(extractKeyId(openssl('x509', '-in', 'rsa.crt', '-noout', '-ext', 'subjectKeyIdentifier'))).toBe(opensslKeyId('rsa.key'));
    expect(extractKeyId(openssl('x509', '-in', 'ec.crt', '-noout', '-ext', 'authorityKeyIdentifier'))).toBe(opensslKeyId('ca.key'));
  });

  it.each(['rsa', 'ec'])('pairs the %s certificate with its private key', (name) => {
    const fromCert = openssl('x509', '-in', `${name}.crt`, '-noout', '-pubkey');
    const fromKey = openssl('pkey', '-in', `${name}.key`, '-pubout');
    expect(fromCert).toBe(fromKey);
  });
});
