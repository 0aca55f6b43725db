/**
 * Issues test QWACs and QSealCs (ETSI TS 119 495 website authentication and
 * electronic seal certificates for PSD2 third-party providers), signed by the
 * sandbox CA, with the addresses of its OCSP responder and CRL.
 *
 * Why the hand assembly: selfsigned cannot write qcStatements or the
 * organizationIdentifier attribute, and node-forge can build those but can
 * neither hold nor sign over an EC public key. So forge builds the
 * TBSCertificate around a placeholder RSA key, the real SubjectPublicKeyInfo
 * (RSA or EC, made by node:crypto) is swapped in, and node:crypto signs.
 */
import {
  X509Certificate,
  createPrivateKey,
  generateKeyPairSync,
  randomBytes,
  sign,
  type KeyObject,
} from 'node:crypto';
import forge from 'node-forge';
import { TAG, UNIVERSAL, oidNode, parseDer, sequenceNode, toDerBytes } from './asn1-reader.js';
import { certificateParts, keyIdentifierOf, subjectKeyIdentifierValue } from './certificate-parts.js';
import { parseOrganizationIdentifier } from './organization-id.js';
import { derToCertificatePem } from './pem.js';
import { pkiAddresses, pkiExtensions, type PkiAddresses } from './pki-addresses.js';
import { QC_STATEMENTS_OID, QC_TYPE_ESEAL_OID, QC_TYPE_WEB_OID, encodeQcStatements } from './qc-statements.js';
import { PSP_ROLES, assertPspRoles, type PspRole } from './roles.js';

export { readQwac, readQwacPem, type QwacIdentity } from './qwac-reader.js';

export type KeyType = 'rsa' | 'ec';

/**
 * 'qwac': website authentication (TS 119 495 clause 5.3 over EN 319 412-4): QcType web, keyUsage
 * digitalSignature, extKeyUsage serverAuth and clientAuth, a DNS SAN. 'qseal': electronic seal
 * (TS 119 495 clause 5.4 over EN 319 412-3): QcType eseal, keyUsage nonRepudiation
 * (contentCommitment) and digitalSignature, no TLS extended key usage and no SAN.
 */
export type CertificateKind = 'qwac' | 'qseal';

export interface PemPair {
  cert: string;
  key: string;
}

export interface QwacRequest {
  ca: PemPair;
  /** Organisation name (subject O). */
  name: string;
  organizationIdentifier: string;
  roles: PspRole[];
  /**
   * Subject CN; defaults to the DNS name (none when that is longer than a CN may be). ETSI's profile of website certificates (EN 319 412-4) has
   * the CN, when present, name one of the certificate's domain names, never the organisation: a
   * reader that takes the CN for the provider's name then shows a host name, which a test can see.
   */
  commonName?: string;
  /** Subject key type; default 'rsa' (2048 bit), 'ec' is P-256. */
  keyType?: KeyType;
  notBefore?: Date;
  /** Default notBefore + 2 years. */
  notAfter?: Date;
  /** The single DNS SAN; defaults to a name derived from `name`, e.g. "acme-tpp.example". */
  dnsName?: string;
  /** Default true; false leaves out qcStatements entirely, for negative tests. */
  withPsd2Statement?: boolean;
  /**
   * For negative tests: the roles the PSD2 statement names, as OID and name, in place of `roles`
   * (which must still be valid). An OID outside ETSI's four names a role no reader knows.
   */
  statementRoles?: { oid: string; name: string }[];
  /**
   * Default true; false leaves the organizationIdentifier (2.5.4.97) out of the subject, for
   * negative tests: such a certificate identifies no provider. `organizationIdentifier` still names
   * the competent authority written into the PSD2 statement.
   */
  withOrganizationIdentifier?: boolean;
  /** Default 'qwac'. */
  kind?: CertificateKind;
  /** The OCSP, CRL and CA addresses written into AIA and CRL distribution points; default under DEFAULT_PKI_BASE. */
  pki?: PkiAddresses;
  /** For negative tests: the nCAId written into the PSD2 statement instead of the one the organizationIdentifier names. */
  ncaIdOverride?: string;
  /** For negative tests: the QcType OIDs in place of the kind's own ([] leaves QcType out). */
  qcTypesOverride?: string[];
  /** For negative tests: a seal certificate that also claims TLS client and server use (extKeyUsage). */
  sealWithTlsUse?: boolean;
}

const SHA256_WITH_RSA_OID = '1.2.840.113549.1.1.11';
const DEFAULT_VALIDITY_YEARS = 2;
// RFC 5280 upper bounds for organizationName and commonName.
const MAX_NAME_LENGTH = 64;
const DNS_NAME = /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

// getTBSCertificate is public forge API but missing from @types/node-forge.
const getTBSCertificate = (forge.pki as unknown as {
  getTBSCertificate(cert: forge.pki.Certificate): forge.asn1.Asn1;
}).getTBSCertificate;

interface SigningCa {
  privateKey: KeyObject;
  certificate: X509Certificate;
  subject: forge.asn1.Asn1;
  keyIdentifier: Buffer;
  placeholderKey: forge.pki.PublicKey;
}

function checkName(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new Error(`QWAC ${field} must be a non-empty string`);
  if (value.length > MAX_NAME_LENGTH) throw new Error(`QWAC ${field} must be at most ${MAX_NAME_LENGTH} characters`);
  return value;
}

function checkDate(value: unknown, field: string): Date {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) throw new Error(`QWAC ${field} must be a valid Date`);
  return value;
}

/** "Acme Payments GmbH" -> "acme-payments-gmbh.example": a plausible, never-resolving host. */
export function defaultDnsName(name: string): string {
  const label = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '');
  return `${label || 'tpp'}.example`;
}

function loadSigningCa(ca: PemPair): SigningCa {
  let certificate: X509Certificate;
  let privateKey: KeyObject;
  try {
    certificate = new X509Certificate(ca.cert);
  } catch (err) {
    throw new Error(`CA certificate is not a readable PEM certificate (${(err as Error).message})`, { cause: err });
  }
  try {
    privateKey = createPrivateKey(ca.key);
  } catch (err) {
    throw new Error(`CA private key is not a readable PEM key (${(err as Error).message})`, { cause: err });
  }
  if (privateKey.asymmetricKeyType !== 'rsa') {
    throw new Error('CA private key must be RSA: QWACs are signed with sha256WithRSAEncryption');
  }
  if (!certificate.checkPrivateKey(privateKey)) throw new Error('CA private key does not match the CA certificate');

  const parts = certificateParts(certificate.raw, 'CA certificate');
  // The issuer field is copied from the CA's parsed subject and re-encoded by
  // forge; chain building compares names, so make sure that round trip is exact.
  if (toDerBytes(parseDer(certificate.raw, 'CA certificate')) !== certificate.raw.toString('latin1')) {
    throw new Error('CA certificate uses a DER encoding that cannot be reproduced exactly; use a CA made by createCa()');
  }
  const skiExtension = parts.extensions.get('2.5.29.14');
  return {
    privateKey,
    certificate,
    subject: parts.subject,
    // Point at the CA's own SKI when it has one so both always agree; the CA
    // from createCa() has none, so fall back to the RFC 5280 method (1) value.
    keyIdentifier: skiExtension ? subjectKeyIdentifierValue(skiExtension) : keyIdentifierOf(parts.subjectPublicKeyInfo),
    // Only there so forge can serialise a TBSCertificate; replaced before signing.
    placeholderKey: forge.pki.publicKeyFromPem(certificate.publicKey.export({ type: 'spki', format: 'pem' }) as string),
  };
}

function generateSubjectKey(keyType: KeyType): { privateKey: KeyObject; publicKey: KeyObject } {
  if (keyType === 'rsa') return generateKeyPairSync('rsa', { modulusLength: 2048 });
  if (keyType === 'ec') return generateKeyPairSync('ec', { namedCurve: 'P-256' });
  throw new Error(`Unknown key type ${JSON.stringify(keyType)}; expected 'rsa' or 'ec'`);
}

/** 16 random bytes, positive and minimally encoded (RFC 5280 4.1.2.2). */
function randomSerialHex(): string {
  const bytes = randomBytes(16);
  bytes[0] = ((bytes[0] as number) & 0x7f) || 0x01;
  return bytes.toString('hex');
}

function subjectAttribute(type: string, value: string, tag: forge.asn1.Type): forge.pki.CertificateField {
  // forge reads valueTagClass as the value's universal tag (and UTF-8 encodes
  // the value itself for UTF8String); the typings call it a Class, hence the cast.
  return { type, value, valueTagClass: tag as unknown as forge.asn1.Class };
}

/** A QSealC: issueQwac with kind 'qseal'. */
export function issueQseal(req: Omit<QwacRequest, 'kind'>): PemPair {
  return issueQwac({ ...req, kind: 'qseal' });
}

export function issueQwac(req: QwacRequest): PemPair {
  const name = checkName(req.name, 'name');
  const roles = assertPspRoles(req.roles);
  const orgId = parseOrganizationIdentifier(req.organizationIdentifier);
  const notBefore = checkDate(req.notBefore ?? new Date(), 'notBefore');
  const notAfter = checkDate(
    req.notAfter ?? new Date(new Date(notBefore).setUTCFullYear(notBefore.getUTCFullYear() + DEFAULT_VALIDITY_YEARS)),
    'notAfter',
  );
  if (notAfter.getTime() <= notBefore.getTime()) throw new Error('QWAC notAfter must be later than notBefore');
  const dnsName = req.dnsName ?? defaultDnsName(name);
  if (typeof dnsName !== 'string' || !DNS_NAME.test(dnsName)) {
    throw new Error(`QWAC dnsName ${JSON.stringify(dnsName)} is not a valid DNS name`);
  }
  // A DNS name may be longer than RFC 5280 lets a CN be: then the subject has no CN, which the profile allows.
  const commonName =
    req.commonName === undefined
      ? dnsName.length <= MAX_NAME_LENGTH
        ? dnsName
        : undefined
      : checkName(req.commonName, 'commonName');
  const ca = loadSigningCa(req.ca);
  const { privateKey, publicKey } = generateSubjectKey(req.keyType ?? 'rsa');
  const spki = parseDer(publicKey.export({ type: 'spki', format: 'der' }), 'subject public key');

  const kind = req.kind ?? 'qwac';
  if (kind !== 'qwac' && kind !== 'qseal') throw new Error(`Unknown certificate kind ${JSON.stringify(kind)}; expected 'qwac' or 'qseal'`);
  const pki = req.pki ?? pkiAddresses();
  const cert = forge.pki.createCertificate();
  cert.serialNumber = randomSerialHex();
  cert.validity.notBefore = notBefore;
  cert.validity.notAfter = notAfter;
  // ETSI TS 119 495 / EN 319 412-3 subject: C, O, organizationIdentifier, CN.
  cert.setSubject([
    // countryName is PrintableString by definition; RFC 5280 4.1.2.4 wants
    // UTF8String for the other (DirectoryString) values of new certificates.
    subjectAttribute('2.5.4.6', orgId.country, forge.asn1.Type.PRINTABLESTRING),
    subjectAttribute('2.5.4.10', name, forge.asn1.Type.UTF8),
    ...(req.withOrganizationIdentifier ?? true ? [subjectAttribute('2.5.4.97', orgId.value, forge.asn1.Type.UTF8)] : []),
    ...(commonName === undefined ? [] : [subjectAttribute('2.5.4.3', commonName, forge.asn1.Type.UTF8)]),
  ]);
  cert.setIssuer([]); // replaced by the CA's encoded subject below
  cert.publicKey = ca.placeholderKey;
  cert.siginfo.algorithmOid = SHA256_WITH_RSA_OID;

  const tlsUse = kind === 'qwac' || req.sealWithTlsUse === true;
  const extensions: object[] = [
    { name: 'basicConstraints', cA: false },
    kind === 'qwac'
      ? { name: 'keyUsage', critical: true, digitalSignature: true }
      : { name: 'keyUsage', critical: true, digitalSignature: true, nonRepudiation: true },
    ...(tlsUse ? [{ name: 'extKeyUsage', clientAuth: true, serverAuth: true }] : []),
    ...(kind === 'qwac' ? [{ name: 'subjectAltName', altNames: [{ type: 2, value: dnsName }] }] : []),
    // Computed from the real key: forge would hash the placeholder.
    {
      name: 'subjectKeyIdentifier',
      value: forge.asn1.create(UNIVERSAL, TAG.OCTET_STRING, false, keyIdentifierOf(spki).toString('latin1')),
    },
    { name: 'authorityKeyIdentifier', keyIdentifier: ca.keyIdentifier.toString('latin1') },
    // Where a relying party asks whether the certificate is revoked (RFC 5280 4.2.2.1, 4.2.1.13).
    ...pkiExtensions(pki).map((extension) => ({
      id: extension.id,
      critical: false,
      value: parseDer(extension.der, extension.id),
    })),
  ];
  if (req.withPsd2Statement ?? true) {
    extensions.push({
      id: QC_STATEMENTS_OID,
      critical: false,
      value: encodeQcStatements(
        {
          roles: req.statementRoles ?? roles.map((role) => ({ oid: PSP_ROLES[role], name: role })),
          ncaName: orgId.ncaName,
          ncaId: req.ncaIdOverride ?? orgId.ncaId,
        },
        req.qcTypesOverride ?? [kind === 'qwac' ? QC_TYPE_WEB_OID : QC_TYPE_ESEAL_OID],
      ),
    });
  }
  cert.setExtensions(extensions);

  // TBSCertificate: version, serial, signature, issuer, validity, subject, spki, [3] extensions.
  const tbs = getTBSCertificate(cert);
  const tbsFields = tbs.value as forge.asn1.Asn1[];
  tbsFields[3] = ca.subject;
  tbsFields[6] = spki;
  const tbsDer = toDerBytes(tbs);

  const signature = sign('sha256', Buffer.from(tbsDer, 'latin1'), ca.privateKey);
  const algorithm = sequenceNode([oidNode(SHA256_WITH_RSA_OID), forge.asn1.create(UNIVERSAL, TAG.NULL, false, '')]);
  const signatureValue = forge.asn1.create(UNIVERSAL, TAG.BIT_STRING, false, `\x00${signature.toString('latin1')}`);
  const certDer = Buffer.from(toDerBytes(sequenceNode([tbs, algorithm, signatureValue])), 'latin1');
  const pem = derToCertificatePem(certDer);

  // Cheap insurance against the hand assembly going wrong: OpenSSL must parse
  // the result and accept the CA's signature on it.
  if (!new X509Certificate(pem).verify(ca.certificate.publicKey)) {
    throw new Error('Internal error: the issued certificate does not verify against the CA');
  }
  return { cert: pem, key: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string };
}
