import { X509Certificate, createPrivateKey } from 'node:crypto';
import forge from 'node-forge';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCa } from './ca.js';
import { certificatePemToDer } from './pem.js';
import { defaultDnsName, issueQwac, readQwac, readQwacPem, type PemPair, type QwacRequest } from './qwac.js';
import { PSP_ROLES, type PspRole } from './roles.js';
import { issueServerCertificate } from './server-cert.js';

let ca: PemPair;

beforeAll(async () => {
  ca = await createCa();
});

function request(overrides: Partial<QwacRequest> = {}): QwacRequest {
  return { ca, name: 'Acme Payments GmbH', organizationIdentifier: 'PSDDE-BAFIN-987654', roles: ['PSP_AI'], ...overrides };
}

/** Replaces the first occurrence of `from` in `buf` (both DER fragments) with `to` of the same length. */
function patch(buf: Buffer, from: Buffer, to: Buffer): Buffer {
  const at = buf.indexOf(from);
  expect(at).toBeGreaterThanOrEqual(0);
  const out = Buffer.from(buf);
  to.copy(out, at);
  return out;
}

function oidBytes(oid: string): Buffer {
  const body = forge.asn1.oidToDer(oid).getBytes();
  return Buffer.from(`\x06${String.fromCharCode(body.length)}${body}`, 'latin1');
}

describe('issueQwac and readQwac', () => {
  const combinations: { keyType: 'rsa' | 'ec'; roles: PspRole[] }[] = [
    { keyType: 'rsa', roles: ['PSP_AI'] },
    { keyType: 'ec', roles: ['PSP_PI'] },
    { keyType: 'rsa', roles: ['PSP_AI', 'PSP_PI', 'PSP_IC'] },
    { keyType: 'ec', roles: ['PSP_IC', 'PSP_AS'] },
  ];

  it.each(combinations)('round-trips the identity of a $keyType QWAC with roles $roles', ({ keyType, roles }) => {
    const pair = issueQwac(request({ keyType, roles }));
    const identity = readQwacPem(pair.cert);
    expect(identity).toMatchObject({
      organizationIdentifier: 'PSDDE-BAFIN-987654',
      organizationName: 'Acme Payments GmbH',
      commonName: 'acme-payments-gmbh.example',
      country: 'DE',
      roles,
      roleOids: roles.map((role) => PSP_ROLES[role]),
      nca: { name: 'Federal Financial Supervisory Authority', id: 'DE-BAFIN' },
      hasPsd2Statement: true,
    });
    // The key file really holds the key the certificate certifies, of the requested type.
    const x509 = new X509Certificate(pair.cert);
    expect(x509.publicKey.asymmetricKeyType).toBe(keyType);
    expect(x509.checkPrivateKey(createPrivateKey(pair.key))).toBe(true);
  });

  it('takes country and NCA from the organization identifier and honours commonName, dnsName and dates', () => {
    const notBefore = new Date('2025-01-02T03:04:05Z');
    const notAfter = new Date('2055-06-07T08:09:10Z'); // past 2049: GeneralizedTime
    const pair = issueQwac(
      request({
        organizationIdentifier: 'PSDFR-ACPR-12.34-5',
        commonName: 'acme.example.fr',
        dnsName: 'acme.example.fr',
        notBefore,
        notAfter,
      }),
    );
    const identity = readQwacPem(pair.cert);
    expect(identity.country).toBe('FR');
    expect(identity.commonName).toBe('acme.example.fr');
    expect(identity.nca).toEqual({ name: 'Autorité de contrôle prudentiel et de résolution', id: 'FR-ACPR' });
    expect(identity.notBefore).toEqual(notBefore);
    expect(identity.notAfter).toEqual(notAfter);
    expect(new X509Certificate(pair.cert).subjectAltName).toBe('DNS:acme.example.fr');
  });

  it('defaults to two years of validity and a DNS name derived from the organisation name', () => {
    const before = Date.now();
    const pair = issueQwac(request());
    const identity = readQwacPem(pair.cert);
    expect(identity.notBefore.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    const years = (identity.notAfter.getTime() - identity.notBefore.getTime()) / (365.25 * 24 * 3600 * 1000);
    expect(years).toBeCloseTo(2, 1);
    expect(new X509Certificate(pair.cert).subjectAltName).toBe('DNS:acme-payments-gmbh.example');
    expect(defaultDnsName('xs2a-kit Test TPP')).toBe('xs2a-kit-test-tpp.example');
    expect(defaultDnsName('Ünïcødé!!')).toBe('n-c-d.example');
    expect(defaultDnsName('***')).toBe('tpp.example');
  });

  it('names the DNS name as the common name by default, as ETSI profiles a website certificate', () => {
    const named = readQwacPem(issueQwac(request({ keyType: 'ec', dnsName: 'api.acme.example' })).cert);
    expect(named.commonName).toBe('api.acme.example');
    expect(named.organizationName).toBe('Acme Payments GmbH');
    // A DNS name too long for a CN (64 characters at most): the subject has none.
    const long = `${'a'.repeat(60)}.example`;
    const unnamed = issueQwac(request({ keyType: 'ec', dnsName: long }));
    expect(readQwacPem(unnamed.cert).commonName).toBeUndefined();
    expect(new X509Certificate(unnamed.cert).subjectAltName).toBe(`DNS:${long}`);
    expect(new X509Certificate(unnamed.cert).subject).not.toMatch(/CN=/);
  });

  it('writes the statement roles it is given in place of the roles, so a statement can name only a role no reader knows', () => {
    const pair = issueQwac(request({ statementRoles: [{ oid: '0.4.0.19495.1.9', name: 'PSP_XX' }], keyType: 'ec' }));
    const identity = readQwacPem(pair.cert);
    expect(identity.hasPsd2Statement).toBe(true);
    expect(identity.roleOids).toEqual(['0.4.0.19495.1.9']);
    expect(identity.roles).toEqual([]);
    expect(identity.nca).toBeDefined();
  });

  it('leaves out qcStatements entirely when withPsd2Statement is false', () => {
    const pair = issueQwac(request({ withPsd2Statement: false, keyType: 'ec' }));
    const identity = readQwacPem(pair.cert);
    expect(identity.hasPsd2Statement).toBe(false);
    expect(identity.roles).toEqual([]);
    expect(identity.roleOids).toEqual([]);
    expect(identity.nca).toBeUndefined();
    expect(identity.organizationIdentifier).toBe('PSDDE-BAFIN-987654');
    expect(certificatePemToDer(pair.cert).includes(oidBytes('1.3.6.1.5.5.7.1.3'))).toBe(false);
  });

  it('leaves out the organizationIdentifier when withOrganizationIdentifier is false, keeping the PSD2 statement', () => {
    const pair = issueQwac(request({ withOrganizationIdentifier: false, keyType: 'ec' }));
    const identity = readQwacPem(pair.cert);
    expect(identity.organizationIdentifier).toBeUndefined();
    expect(identity.hasPsd2Statement).toBe(true);
    expect(identity.roles).toEqual(['PSP_AI']);
    expect(identity.commonName).toBe('acme-payments-gmbh.example');
    expect(certificatePemToDer(pair.cert).includes(oidBytes('2.5.4.97'))).toBe(false);
  });

  it('issues a fresh key and serial number every time', () => {
    const a = issueQwac(request({ keyType: 'ec' }));
    const b = issueQwac(request({ keyType: 'ec' }));
    expect(a.key).not.toBe(b.key);
    expect(new X509Certificate(a.cert).serialNumber).not.toBe(new X509Certificate(b.cert).serialNumber);
    expect(readQwacPem(a.cert).fingerprint256).not.toBe(readQwacPem(b.cert).fingerprint256);
  });

  it('reports the same SHA-256 fingerprint as Node does', () => {
    const pair = issueQwac(request({ keyType: 'ec' }));
    expect(readQwacPem(pair.cert).fingerprint256).toBe(new X509Certificate(pair.cert).fingerprint256);
  });

  it.each<[string, Partial<QwacRequest>, RegExp]>([
    ['no roles', { roles: [] }, /non-empty/],
    ['an unknown role', { roles: ['PSP_XX' as PspRole] }, /Unknown PSD2 role/],
    ['a malformed organization identifier', { organizationIdentifier: 'DE-BAFIN-1' }, /expected PSD<country>/],
    ['an empty name', { name: '  ' }, /name must be a non-empty string/],
    ['an overlong name', { name: 'x'.repeat(65) }, /at most 64/],
    ['an unknown key type', { keyType: 'dsa' as 'rsa' }, /Unknown key type/],
    ['notAfter before notBefore', { notBefore: new Date('2030-01-01'), notAfter: new Date('2029-01-01') }, /later than/],
    ['an invalid DNS name', { dnsName: 'not a host' }, /not a valid DNS name/],
  ])('rejects a request with %s', (_label, overrides, message) => {
    expect(() => issueQwac(request(overrides))).toThrow(message);
  });

  it('rejects a CA key that does not belong to the CA certificate, and an EC CA key', () => {
    const otherRsaKey = issueQwac(request({ keyType: 'rsa' })).key;
    expect(() => issueQwac(request({ ca: { cert: ca.cert, key: otherRsaKey } }))).toThrow(/does not match/);
    const ecKey = issueQwac(request({ keyType: 'ec' })).key;
    expect(() => issueQwac(request({ ca: { cert: ca.cert, key: ecKey } }))).toThrow(/must be RSA/);
  });
});

describe('readQwac on certificates that are not well-formed QWACs', () => {
  let rsaQwac: Buffer;

  beforeAll(() => {
    rsaQwac = certificatePemToDer(issueQwac(request({ roles: ['PSP_AI', 'PSP_IC'] })).cert);
  });

  it('reads a plain TLS certificate as having no PSD2 identity', async () => {
    const server = await issueServerCertificate(ca);
    const identity = readQwacPem(server.cert);
    expect(identity).toMatchObject({
      organizationIdentifier: undefined,
      organizationName: undefined,
      commonName: 'localhost',
      roles: [],
      roleOids: [],
      nca: undefined,
      hasPsd2Statement: false,
    });
  });

  it('decides roles by OID and keeps unknown role OIDs out of roles', () => {
    // Turn the PSP_IC OID into an unregistered sibling; the name beside it still says PSP_IC.
    const tampered = patch(rsaQwac, oidBytes(PSP_ROLES.PSP_IC), oidBytes('0.4.0.19495.1.9'));
    const identity = readQwac(tampered);
    expect(identity.roleOids).toEqual([PSP_ROLES.PSP_AI, '0.4.0.19495.1.9']);
    expect(identity.roles).toEqual(['PSP_AI']);
  });

  it('throws a clear Error for garbage, empty and truncated input', () => {
    expect(() => readQwac(Buffer.alloc(0))).toThrow(/Certificate: empty input/);
    expect(() => readQwac(Buffer.from('not a certificate'))).toThrow(/Certificate: malformed DER/);
    expect(() => readQwac(rsaQwac.subarray(0, rsaQwac.length - 1))).toThrow(/Certificate: malformed DER/);
    expect(() => readQwac(Buffer.from([0x30, 0x03, 0x02, 0x01, 0x01]))).toThrow(/expected tbsCertificate/);
    expect(() => readQwac('MIIB' as unknown as Buffer)).toThrow(/expected DER bytes/);
  });

  it('throws for truncations all through the certificate without crashing', () => {
    for (let length = 0; length < rsaQwac.length; length += 7) {
      expect(() => readQwac(rsaQwac.subarray(0, length))).toThrow(Error);
    }
  });

  it('throws when the qcStatements extension inside an otherwise valid certificate is broken', () => {
    // Rename the role OID tag to INTEGER (same length) so only the statement is malformed.
    const oid = oidBytes(PSP_ROLES.PSP_AI);
    const asInteger = Buffer.from(oid);
    asInteger[0] = 0x02;
    expect(() => readQwac(patch(rsaQwac, oid, asInteger))).toThrow(/Certificate: PSD2 statement role 0 OID: expected OBJECT IDENTIFIER/);
  });

  it('rejects PEM input without a certificate block', () => {
    expect(() => readQwacPem('hello')).toThrow(/no "-----BEGIN CERTIFICATE-----" block/);
    expect(() => readQwacPem('-----BEGIN CERTIFICATE-----\n!!!\n-----END CERTIFICATE-----')).toThrow(/not valid base64/);
  });
});
