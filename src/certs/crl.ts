/**
 * The test CA's CRL (RFC 5280 5): version 2, signed by the CA with sha256WithRSAEncryption, dated on
 * the sandbox clock (thisUpdate = now, nextUpdate a day later), listing every revocation and
 * suspension that holds at `now` with its reason (5.3.1) and the CRL number and authority key
 * identifier RFC 5280 5.2 asks of a conforming CA. Encoded by @peculiar/asn1-x509.
 */
import { createHash, sign } from 'node:crypto';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import {
  AlgorithmIdentifier,
  AuthorityKeyIdentifier,
  Certificate,
  CertificateList,
  CRLNumber,
  CRLReason,
  Extension,
  id_ce_authorityKeyIdentifier,
  id_ce_cRLNumber,
  id_ce_cRLReasons,
  KeyIdentifier,
  RevokedCertificate,
  TBSCertList,
  Time,
  Version,
} from '@peculiar/asn1-x509';
import type { TestCa } from './ca-folder.js';
import { REVOCATION_REASONS, recordAt, type RevocationRecord } from './revocation.js';

export const SHA256_WITH_RSA = '1.2.840.113549.1.1.11';
const CRL_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** DER times carry whole seconds (RFC 5280 4.1.2.5.1/2: no fractional seconds). */
export const wholeSeconds = (at: Date) => new Date(Math.floor(at.getTime() / 1000) * 1000);

export function sha256WithRsa(): AlgorithmIdentifier {
  return new AlgorithmIdentifier({ algorithm: SHA256_WITH_RSA, parameters: null });
}

/** The hex serial as the INTEGER's content octets (a 00 first when the high bit is set, so it stays positive). */
export function serialOctets(serial: string): ArrayBuffer {
  let hex = serial.length % 2 === 1 ? `0${serial}` : serial;
  if (parseInt(hex.slice(0, 2), 16) >= 0x80) hex = `00${hex}`;
  return new Uint8Array(Buffer.from(hex, 'hex')).buffer;
}

/** The SHA-1 key identifier of the CA key (RFC 5280 4.2.1.2 (1)), as every certificate it issues names it. */
export function caKeyIdentifier(ca: TestCa): Buffer {
  const certificate = AsnConvert.parse(ca.certificate.raw, Certificate);
  const ski = certificate.tbsCertificate.extensions?.find((extension) => extension.extnID === '2.5.29.14');
  if (ski) return Buffer.from(AsnConvert.parse(ski.extnValue.buffer, OctetString).buffer);
  const key = Buffer.from(certificate.tbsCertificate.subjectPublicKeyInfo.subjectPublicKey);
  return createHash('sha1').update(key).digest();
}

const time = (at: Date) => new Time(wholeSeconds(at));

export function issueCrl(ca: TestCa, records: readonly RevocationRecord[], now: Date): Buffer {
  const issuer = AsnConvert.parse(ca.certificate.raw, Certificate).tbsCertificate.subject;
  const revoked = records
    .filter((record) => recordAt(records, record.serial, now))
    .map(
      (record) =>
        new RevokedCertificate({
          userCertificate: serialOctets(record.serial),
          revocationDate: time(new Date(record.at)),
          crlEntryExtensions: [
            new Extension({
              extnID: id_ce_cRLReasons,
              critical: false,
              extnValue: new OctetString(AsnConvert.serialize(new CRLReason(REVOCATION_REASONS[record.reason]))),
            }),
          ],
        }),
    );
  const tbs = new TBSCertList({
    version: Version.v2,
    signature: sha256WithRsa(),
    issuer,
    thisUpdate: time(now),
    nextUpdate: time(new Date(now.getTime() + CRL_LIFETIME_MS)),
    ...(revoked.length > 0 ? { revokedCertificates: revoked } : {}),
    crlExtensions: [
      new Extension({
        extnID: id_ce_authorityKeyIdentifier,
        critical: false,
        extnValue: new OctetString(
          AsnConvert.serialize(new AuthorityKeyIdentifier({ keyIdentifier: new KeyIdentifier(caKeyIdentifier(ca)) })),
        ),
      }),
      // Monotonic with the sandbox clock, which never moves backwards (RFC 5280 5.2.3).
      new Extension({
        extnID: id_ce_cRLNumber,
        critical: false,
        extnValue: new OctetString(AsnConvert.serialize(new CRLNumber(Math.floor(now.getTime() / 1000)))),
      }),
    ],
  });
  const tbsDer = Buffer.from(AsnConvert.serialize(tbs));
  const list = new CertificateList({
    tbsCertList: tbs,
    signatureAlgorithm: sha256WithRsa(),
    signature: new Uint8Array(sign('sha256', tbsDer, ca.key)).buffer,
  });
  return Buffer.from(AsnConvert.serialize(list));
}
