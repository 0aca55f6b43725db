import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openssl as runOpenssl } from '../../test/helpers/tools.js';
import { createCa } from './ca.js';
import { certificateParts } from './certificate-parts.js';
import { certificatePemToDer } from './pem.js';
import { pkiAddresses } from './pki-addresses.js';
import { decodeQcStatements, QC_STATEMENTS_OID, QC_TYPE_ESEAL_OID, QC_TYPE_WEB_OID } from './qc-statements.js';
import { issueQseal, issueQwac, type PemPair } from './qwac.js';

let dir: string;
let ca: PemPair;
const base = { name: 'Acme Payments GmbH', organizationIdentifier: 'PSDDE-BAFIN-123456', roles: ['PSP_AI', 'PSP_PI'] as const };

function openssl(...args: string[]): string {
  return runOpenssl(dir, ...args);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'xs2a-pki-issue-'));
  ca = await createCa();
  writeFileSync(join(dir, 'ca.crt'), ca.cert);
  writeFileSync(join(dir, 'qwac.crt'), issueQwac({ ca, ...base, roles: [...base.roles], pki: pkiAddresses('http://127.0.0.1:9090') }).cert);
  writeFileSync(join(dir, 'seal.crt'), issueQseal({ ca, ...base, roles: [...base.roles] }).cert);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('certificates carry where their revocation is published', () => {
  it('a QWAC names the OCSP responder and the CA certificate (AIA) and the CRL (distribution point) under its PKI address', () => {
    const text = openssl('x509', '-in', 'qwac.crt', '-noout', '-text');
    expect(text).toContain('OCSP - URI:http://127.0.0.1:9090/pki/ocsp');
    expect(text).toContain('CA Issuers - URI:http://127.0.0.1:9090/pki/ca.crt');
    expect(text).toMatch(/X509v3 CRL Distribution Points:\s*\n\s*Full Name:\s*\n\s*URI:http:\/\/127\.0\.0\.1:9090\/pki\/ca\.crl/);
    expect(openssl('x509', '-in', 'qwac.crt', '-noout', '-ocsp_uri')).toBe('http://127.0.0.1:9090/pki/ocsp\n');
  });

  it('without an address, the default is serve\'s customer surface, http://localhost:8080', () => {
    expect(openssl('x509', '-in', 'seal.crt', '-noout', '-ocsp_uri')).toBe('http://localhost:8080/pki/ocsp\n');
  });

  it('refuses a PKI address that is not an http(s) URL', () => {
    expect(() => pkiAddresses('ftp://x')).toThrow(/must be an http\(s\) URL/);
    expect(() => pkiAddresses('not a url')).toThrow(/is not a URL/);
  });
});

describe('QWAC and QSealC', () => {
  it('a QWAC is QcType web with digitalSignature and TLS client and server use', () => {
    const parts = certificateParts(certificatePemToDer(issueQwac({ ca, ...base, roles: [...base.roles] }).cert));
    expect(decodeQcStatements(parts.extensions.get(QC_STATEMENTS_OID)!.value).qcTypes).toEqual([QC_TYPE_WEB_OID]);
    expect(openssl('verify', '-CAfile', 'ca.crt', '-purpose', 'sslclient', 'qwac.crt')).toBe('qwac.crt: OK\n');
  });

  it('a QSealC is QcType eseal, keyUsage digitalSignature and nonRepudiation, without TLS use or SAN, and carries the PSD2 statement', () => {
    const parts = certificateParts(certificatePemToDer(issueQseal({ ca, ...base, roles: [...base.roles] }).cert));
    const qc = decodeQcStatements(parts.extensions.get(QC_STATEMENTS_OID)!.value);
    expect(qc.qcTypes).toEqual([QC_TYPE_ESEAL_OID]);
    expect(qc.qcCompliance).toBe(true);
    expect(qc.psd2).toEqual({
      roles: [
        { oid: '0.4.0.19495.1.3', name: 'PSP_AI' },
        { oid: '0.4.0.19495.1.2', name: 'PSP_PI' },
      ],
      ncaName: 'Federal Financial Supervisory Authority',
      ncaId: 'DE-BAFIN',
    });
    expect(parts.extensions.has('2.5.29.37')).toBe(false);
    expect(parts.extensions.has('2.5.29.17')).toBe(false);
    const text = openssl('x509', '-in', 'seal.crt', '-noout', '-text');
    expect(text).toMatch(/X509v3 Key Usage: critical\s*\n\s*Digital Signature, Non Repudiation\n/);
    expect(text).toContain('organizationIdentifier = PSDDE-BAFIN-123456');
  });
});
