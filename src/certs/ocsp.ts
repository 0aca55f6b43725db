/**
 * The test CA's OCSP responder (RFC 6960), over DER in and DER out, on the sandbox clock: the CA
 * signs its own responses (2.6: the CA that issued the certificate may answer for it), names itself
 * by key hash, echoes the request's nonce (RFC 8954) and answers each CertID:
 *
 *   - good: the CA issued that serial and it is neither revoked nor suspended at `now`;
 *   - revoked: with the revocation time and reason (a suspension is certificateHold);
 *   - unknown: a serial the CA never issued, or a CertID naming another issuer (2.2).
 *
 * A request that cannot be read is `malformedRequest`, one that names no certificate of this CA at
 * all is `unauthorized` (2.3: the responder cannot answer for it authoritatively); no answer is a
 * crash. Encoded and decoded by @peculiar/asn1-ocsp.
 */
import { createHash, sign } from 'node:crypto';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import {
  BasicOCSPResponse,
  CertStatus,
  id_pkix_ocsp_basic,
  id_pkix_ocsp_nonce,
  OCSPRequest,
  OCSPResponse,
  OCSPResponseStatus,
  ResponderID,
  ResponseBytes,
  ResponseData,
  RevokedInfo,
  SingleResponse,
  type CertID,
} from '@peculiar/asn1-ocsp';
import { Certificate, CRLReason } from '@peculiar/asn1-x509';
import type { TestCa } from './ca-folder.js';
import { serialHex } from './certificate-parts.js';
import { sha256WithRsa, wholeSeconds } from './crl.js';
import { REVOCATION_REASONS, statusAt, type IssuedCertificate, type RevocationRecord } from './revocation.js';

/** CertID hash algorithms the responder can match: SHA-1 (what OpenSSL and most clients send) and SHA-256. */
const HASHES: Readonly<Record<string, string>> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.1': 'sha256',
};

/** How long a response may be cached: an hour of sandbox time (RFC 6960 4.2.2.1 nextUpdate). */
const RESPONSE_LIFETIME_MS = 60 * 60 * 1000;

export const OCSP_STATUS = OCSPResponseStatus;

export interface OcspAnswer {
  /** The OCSPResponse DER. */
  der: Buffer;
  status: OCSPResponseStatus;
  /** Per CertID of the request, in order: good, revoked or unknown (empty unless successful). */
  certificates: { serial: string; status: 'good' | 'revoked' | 'unknown' }[];
}

function errorAnswer(status: OCSPResponseStatus): OcspAnswer {
  return { der: Buffer.from(AsnConvert.serialize(new OCSPResponse({ responseStatus: status }))), status, certificates: [] };
}

function issuerHashes(ca: TestCa): { name: Buffer; key: Buffer } {
  const tbs = AsnConvert.parse(ca.certificate.raw, Certificate).tbsCertificate;
  return {
    name: Buffer.from(AsnConvert.serialize(tbs.subject)),
    key: Buffer.from(tbs.subjectPublicKeyInfo.subjectPublicKey),
  };
}

function namesThisCa(certId: CertID, issuer: { name: Buffer; key: Buffer }): boolean {
  const hash = HASHES[certId.hashAlgorithm.algorithm];
  if (!hash) return false;
  const digest = (data: Buffer) => createHash(hash).update(data).digest();
  return (
    digest(issuer.name).equals(Buffer.from(certId.issuerNameHash.buffer)) &&
    digest(issuer.key).equals(Buffer.from(certId.issuerKeyHash.buffer))
  );
}

export function answerOcsp(
  request: Uint8Array,
  ca: TestCa,
  records: readonly RevocationRecord[],
  issued: ReadonlyMap<string, IssuedCertificate>,
  now: Date,
): OcspAnswer {
  let parsed: OCSPRequest;
  try {
    parsed = AsnConvert.parse(request, OCSPRequest);
  } catch {
    return errorAnswer(OCSPResponseStatus.malformedRequest);
  }
  const list = parsed.tbsRequest?.requestList;
  if (!Array.isArray(list) || list.length === 0) return errorAnswer(OCSPResponseStatus.malformedRequest);

  const issuer = issuerHashes(ca);
  const at = wholeSeconds(now);
  const certificates: OcspAnswer['certificates'] = [];
  const responses = list.map((entry) => {
    const certId = entry.reqCert;
    const serial = serialHex(Buffer.from(certId.serialNumber).toString('hex') || '0');
    const status = namesThisCa(certId, issuer) ? statusAt(records, issued, serial, now) : { status: 'unknown' as const };
    certificates.push({ serial, status: status.status });
    const certStatus =
      status.status === 'good'
        ? new CertStatus({ good: null })
        : status.status === 'revoked'
          ? new CertStatus({
              revoked: new RevokedInfo({
                revocationTime: wholeSeconds(status.at),
                revocationReason: new CRLReason(REVOCATION_REASONS[status.reason]),
              }),
            })
          : new CertStatus({ unknown: null });
    return new SingleResponse({
      certID: certId,
      certStatus,
      thisUpdate: at,
      nextUpdate: new Date(at.getTime() + RESPONSE_LIFETIME_MS),
    });
  });
  // Nothing here is this CA's to answer: RFC 6960 2.3's unauthorized, as responders answer a foreign issuer.
  if (list.every((entry) => !namesThisCa(entry.reqCert, issuer))) return errorAnswer(OCSPResponseStatus.unauthorized);

  const nonce = parsed.tbsRequest.requestExtensions?.find((extension) => extension.extnID === id_pkix_ocsp_nonce);
  const data = new ResponseData({
    responderID: new ResponderID({
      byKey: new OctetString(createHash('sha1').update(issuer.key).digest()),
    }),
    producedAt: at,
    responses,
    ...(nonce ? { responseExtensions: [nonce] } : {}),
  });
  const tbs = Buffer.from(AsnConvert.serialize(data));
  const basic = new BasicOCSPResponse({
    tbsResponseData: data,
    signatureAlgorithm: sha256WithRsa(),
    signature: new Uint8Array(sign('sha256', tbs, ca.key)).buffer,
    // The signer (the CA itself), so a client finds it without being told (RFC 6960 4.2.1 certs).
    certs: [AsnConvert.parse(ca.certificate.raw, Certificate)],
  });
  const response = new OCSPResponse({
    responseStatus: OCSPResponseStatus.successful,
    responseBytes: new ResponseBytes({
      responseType: id_pkix_ocsp_basic,
      response: new OctetString(AsnConvert.serialize(basic)),
    }),
  });
  return { der: Buffer.from(AsnConvert.serialize(response)), status: OCSPResponseStatus.successful, certificates };
}
