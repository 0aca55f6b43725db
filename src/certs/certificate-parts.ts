/**
 * A structural walk of an X.509 certificate (RFC 5280 4.1) that works for any
 * subject key type. forge.pki.certificateFromAsn1 is not an option: it throws
 * on anything but an RSA public key, and QWACs here may carry EC P-256 keys.
 */
import { createHash } from 'node:crypto';
import type forge from 'node-forge';
import {
  CONTEXT_SPECIFIC,
  TAG,
  expectConstructed,
  expectPrimitive,
  expectSequence,
  isTag,
  parseDer,
  readBoolean,
  readOid,
  readString,
  readTime,
} from './asn1-reader.js';

type Asn1 = forge.asn1.Asn1;

export interface CertificateExtension {
  critical: boolean;
  /** The extnValue OCTET STRING contents, i.e. the DER of the extension itself. */
  value: Buffer;
}

export interface CertificateParts {
  tbs: Asn1;
  /** serialNumber as lowercase hex without leading zero octets (serialHex()). */
  serialNumber: string;
  issuer: Asn1;
  subject: Asn1;
  subjectPublicKeyInfo: Asn1;
  notBefore: Date;
  notAfter: Date;
  /** Keyed by extension OID. */
  extensions: Map<string, CertificateExtension>;
}

function contextChildren(node: Asn1, what: string): Asn1[] {
  if (!node.constructed || !Array.isArray(node.value)) throw new Error(`${what}: expected a constructed value`);
  return node.value;
}

function readExtensions(wrapper: Asn1, what: string): Map<string, CertificateExtension> {
  const inner = contextChildren(wrapper, what);
  if (inner.length !== 1) throw new Error(`${what}: expected one SEQUENCE inside [3]`);
  const extensions = new Map<string, CertificateExtension>();
  expectSequence(inner[0], what).forEach((extNode, i) => {
    const fields = expectSequence(extNode, `${what}[${i}]`);
    if (fields.length < 2 || fields.length > 3) throw new Error(`${what}[${i}]: expected extnID, critical, extnValue`);
    const id = readOid(fields[0], `${what}[${i}] extnID`);
    const critical = fields.length === 3 ? readBoolean(fields[1], `${what}[${i}] critical`) : false;
    const value = expectPrimitive(fields[fields.length - 1], TAG.OCTET_STRING, `${what}[${i}] extnValue`, 'OCTET STRING');
    // RFC 5280 4.2: a certificate MUST NOT include more than one instance of an
    // extension. Accepting duplicates would let the first and last reader disagree.
    if (extensions.has(id)) throw new Error(`${what}: duplicate extension ${id}`);
    extensions.set(id, { critical, value: Buffer.from(value, 'latin1') });
  });
  return extensions;
}

/** Splits a DER certificate into the parts the sandbox needs. Throws on anything malformed. */
export function certificateParts(der: Uint8Array, what = 'Certificate'): CertificateParts {
  const top = expectSequence(parseDer(der, what), what);
  if (top.length !== 3) throw new Error(`${what}: expected tbsCertificate, signatureAlgorithm, signatureValue`);
  expectSequence(top[1], `${what} signatureAlgorithm`);
  expectPrimitive(top[2], TAG.BIT_STRING, `${what} signatureValue`, 'BIT STRING');

  const tbsWhat = `${what} tbsCertificate`;
  const tbs = top[0] as Asn1;
  const fields = expectSequence(tbs, tbsWhat);
  let i = 0;
  // version is [0] EXPLICIT with DEFAULT v1, so it may be absent.
  if (isTag(fields[0], CONTEXT_SPECIFIC, 0)) i++;
  const serial = expectPrimitive(fields[i++], TAG.INTEGER, `${tbsWhat} serialNumber`, 'INTEGER');
  expectSequence(fields[i++], `${tbsWhat} signature`);
  const issuer = fields[i++];
  expectSequence(issuer, `${tbsWhat} issuer`);
  const validity = expectSequence(fields[i++], `${tbsWhat} validity`);
  if (validity.length !== 2) throw new Error(`${tbsWhat} validity: expected notBefore and notAfter`);
  const subject = fields[i++];
  expectSequence(subject, `${tbsWhat} subject`);
  const subjectPublicKeyInfo = fields[i++];
  const spki = expectSequence(subjectPublicKeyInfo, `${tbsWhat} subjectPublicKeyInfo`);
  if (spki.length !== 2) throw new Error(`${tbsWhat} subjectPublicKeyInfo: expected algorithm and subjectPublicKey`);
  expectSequence(spki[0], `${tbsWhat} subjectPublicKeyInfo algorithm`);
  expectPrimitive(spki[1], TAG.BIT_STRING, `${tbsWhat} subjectPublicKey`, 'BIT STRING');

  let extensions = new Map<string, CertificateExtension>();
  for (const node of fields.slice(i)) {
    if (isTag(node, CONTEXT_SPECIFIC, 1) || isTag(node, CONTEXT_SPECIFIC, 2)) continue; // unique IDs
    if (isTag(node, CONTEXT_SPECIFIC, 3)) {
      extensions = readExtensions(node, `${tbsWhat} extensions`);
      continue;
    }
    throw new Error(`${tbsWhat}: unexpected field after subjectPublicKeyInfo`);
  }

  return {
    tbs,
    serialNumber: serialHex(Buffer.from(serial, 'latin1').toString('hex')),
    issuer: issuer as Asn1,
    subject: subject as Asn1,
    subjectPublicKeyInfo: subjectPublicKeyInfo as Asn1,
    notBefore: readTime(validity[0], `${tbsWhat} notBefore`),
    notAfter: readTime(validity[1], `${tbsWhat} notAfter`),
    extensions,
  };
}

/**
 * The first value of each wanted attribute in a Name. Only the wanted OIDs are
 * decoded, so an exotic attribute elsewhere in the name cannot make a
 * certificate unreadable.
 */
export function nameAttributes(name: Asn1, wanted: readonly string[], what: string): Map<string, string> {
  const found = new Map<string, string>();
  expectSequence(name, what).forEach((rdnNode, i) => {
    expectConstructed(rdnNode, TAG.SET, `${what} RDN ${i}`).forEach((atvNode, j) => {
      const atv = expectSequence(atvNode, `${what} RDN ${i}.${j}`);
      if (atv.length !== 2) throw new Error(`${what} RDN ${i}.${j}: expected type and value`);
      const oid = readOid(atv[0], `${what} RDN ${i}.${j} type`);
      if (wanted.includes(oid) && !found.has(oid)) {
        found.set(oid, readString(atv[1], `${what} ${oid}`));
      }
    });
  });
  return found;
}

/**
 * RFC 5280 4.2.1.2 method (1): SHA-1 over the subjectPublicKey BIT STRING
 * contents, without tag, length or the unused-bits byte.
 */
export function keyIdentifierOf(subjectPublicKeyInfo: Asn1): Buffer {
  const spki = expectSequence(subjectPublicKeyInfo, 'subjectPublicKeyInfo');
  const bits = expectPrimitive(spki[1], TAG.BIT_STRING, 'subjectPublicKey', 'BIT STRING');
  if (bits.length < 1 || bits.charCodeAt(0) !== 0) throw new Error('subjectPublicKey: unexpected unused bits');
  return createHash('sha1').update(Buffer.from(bits.slice(1), 'latin1')).digest();
}

/** The keyIdentifier inside a subjectKeyIdentifier extension value. */
export function subjectKeyIdentifierValue(extension: CertificateExtension): Buffer {
  const node = parseDer(extension.value, 'subjectKeyIdentifier');
  return Buffer.from(expectPrimitive(node, TAG.OCTET_STRING, 'subjectKeyIdentifier', 'OCTET STRING'), 'latin1');
}

/**
 * One spelling of a serial number: lowercase hex, no separators, no leading zeros (a DER INTEGER
 * adds a 00 octet before a high bit; OpenSSL prints "0A1B…" or "0a:1b:…"). Throws for anything that
 * is not hex.
 */
export function serialHex(value: string): string {
  const hex = value.replace(/:/g, '').toLowerCase();
  if (!/^[0-9a-f]+$/.test(hex)) throw new Error(`serial number ${JSON.stringify(value)} is not hexadecimal`);
  return hex.replace(/^0+(?=.)/, '');
}
