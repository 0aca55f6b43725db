/**
 * `certs lint --ocsp`: asks the OCSP responder a certificate names (its AIA, RFC 5280 4.2.2.1) for
 * its status (RFC 6960), with the issuer given by `--ca`, and checks the response is signed by that
 * issuer (or by a responder certificate it issued). Encoded and decoded by @peculiar/asn1-ocsp.
 */
import { createHash, createPublicKey, verify, X509Certificate } from 'node:crypto';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import {
  BasicOCSPResponse,
  CertID,
  id_pkix_ocsp_basic,
  OCSPRequest,
  OCSPResponse,
  OCSPResponseStatus,
  Request,
  TBSRequest,
} from '@peculiar/asn1-ocsp';
import {
  AlgorithmIdentifier,
  AuthorityInfoAccessSyntax,
  Certificate,
  CRLReasons,
  id_ad_ocsp,
  id_pe_authorityInfoAccess,
} from '@peculiar/asn1-x509';

export type OcspStatus =
  | { status: 'good' }
  | { status: 'revoked'; at: Date; reason: string }
  | { status: 'unknown' }
  | { status: 'error'; message: string };

const SHA1 = '1.3.14.3.2.26';
const SIGNATURE_HASHES: Readonly<Record<string, string>> = {
  '1.2.840.113549.1.1.11': 'sha256',
  '1.2.840.113549.1.1.12': 'sha384',
  '1.2.840.113549.1.1.13': 'sha512',
  '1.2.840.10045.4.3.2': 'sha256',
  '1.2.840.10045.4.3.3': 'sha384',
};

export function ocspUrlOf(der: Buffer): string | undefined {
  const extension = AsnConvert.parse(der, Certificate).tbsCertificate.extensions?.find(
    (candidate) => candidate.extnID === id_pe_authorityInfoAccess,
  );
  if (!extension) return undefined;
  return [...AsnConvert.parse(extension.extnValue.buffer, AuthorityInfoAccessSyntax)].find(
    (access) => access.accessMethod === id_ad_ocsp,
  )?.accessLocation.uniformResourceIdentifier;
}

function certIdOf(der: Buffer, issuer: X509Certificate): CertID {
  const tbs = AsnConvert.parse(issuer.raw, Certificate).tbsCertificate;
  const sha1 = (data: ArrayBuffer | Uint8Array) => new OctetString(createHash('sha1').update(new Uint8Array(data)).digest());
  return new CertID({
    hashAlgorithm: new AlgorithmIdentifier({ algorithm: SHA1, parameters: null }),
    issuerNameHash: sha1(AsnConvert.serialize(tbs.subject)),
    issuerKeyHash: sha1(tbs.subjectPublicKeyInfo.subjectPublicKey),
    serialNumber: AsnConvert.parse(der, Certificate).tbsCertificate.serialNumber,
  });
}

function signedByIssuer(basic: BasicOCSPResponse, issuer: X509Certificate): boolean {
  const hash = SIGNATURE_HASHES[basic.signatureAlgorithm.algorithm];
  if (!hash) return false;
  const tbs = Buffer.from(AsnConvert.serialize(basic.tbsResponseData));
  const signature = Buffer.from(basic.signature);
  const check = (key: ReturnType<typeof createPublicKey>) => verify(hash, tbs, key, signature);
  if (check(issuer.publicKey)) return true;
  // A delegated responder: a certificate in the response that the issuer signed.
  return (basic.certs ?? []).some((certificate) => {
    const responder = new X509Certificate(Buffer.from(AsnConvert.serialize(certificate)));
    return responder.checkIssued(issuer) && responder.verify(issuer.publicKey) && check(responder.publicKey);
  });
}

export async function askOcsp(der: Buffer, issuer: X509Certificate, url: string): Promise<OcspStatus> {
  const certId = certIdOf(der, issuer);
  const request = new OCSPRequest({ tbsRequest: new TBSRequest({ requestList: [new Request({ reqCert: certId })] }) });
  let body: Buffer;
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/ocsp-request' },
      body: Buffer.from(AsnConvert.serialize(request)),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) return { status: 'error', message: `${url} answered HTTP ${res.status}` };
    body = Buffer.from(await res.arrayBuffer());
  } catch (error) {
    return { status: 'error', message: `${url} cannot be reached (${(error as Error).message})` };
  }
  let response: OCSPResponse;
  try {
    response = AsnConvert.parse(body, OCSPResponse);
  } catch {
    return { status: 'error', message: `${url} answered something that is not an OCSP response` };
  }
  if (response.responseStatus !== OCSPResponseStatus.successful)
    return { status: 'error', message: `the responder answered ${OCSPResponseStatus[response.responseStatus] ?? response.responseStatus}` };
  if (response.responseBytes?.responseType !== id_pkix_ocsp_basic)
    return { status: 'error', message: 'the response is not a basic OCSP response' };
  const basic = AsnConvert.parse(response.responseBytes.response.buffer, BasicOCSPResponse);
  if (!signedByIssuer(basic, issuer)) return { status: 'error', message: 'the response is not signed by the issuer (--ca) or a responder it certified' };
  const wanted = Buffer.from(certId.serialNumber).toString('hex');
  const single = basic.tbsResponseData.responses.find(
    (candidate) => Buffer.from(candidate.certID.serialNumber).toString('hex') === wanted,
  );
  if (!single) return { status: 'error', message: 'the response does not answer for this certificate' };
  if (single.certStatus.revoked) {
    const reason = single.certStatus.revoked.revocationReason;
    return {
      status: 'revoked',
      at: single.certStatus.revoked.revocationTime,
      reason: reason === undefined ? 'unspecified' : (CRLReasons[reason.reason] ?? String(reason.reason)),
    };
  }
  if (single.certStatus.good !== undefined) return { status: 'good' };
  return { status: 'unknown' };
}
