/**
 * Who is calling: the certificate is the credential (spec "Authentication" 1-3). Only a
 * certificate the TLS socket authorised against the trusted CAs is read; anything else is
 * refused in the envelope, never at the handshake. The spec's codes are kept (no
 * CERTIFICATE_INVALID/EXPIRED): a client coded against the sandbox must meet the same codes in
 * production. Which status and code each case gets is in the Interpretations table (docs/interpretations.md).
 */
import { QC_TYPE_WEB_OID, readQwac, type PspRole } from '../../certs/index.js';
import { XsError } from '../../contract/index.js';

export interface PeerCertificate {
  present: boolean;
  authorized: boolean;
  authorizationError: string | undefined;
  der: Buffer | undefined;
}

export interface ProviderIdentity {
  organizationIdentifier: string;
  name: string;
  roles: PspRole[];
  nca: { name: string; id: string } | undefined;
  /** The certificate the identity was read from (every identity has one): what a revocation check (--check-revocation) asks about. */
  certificate: { serialNumber: string; notAfter: Date; der: Buffer };
}

/**
 * The words of a refusal of a certificate TLS did not authorise. The code is CERTIFICATE_MISSING
 * whatever the reason, so the reasons TLS names (this list among them) only choose the words.
 */
function refusalText(error: string | undefined): string {
  const untrusted = new Set([
    'UNABLE_TO_GET_ISSUER_CERT',
    'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
    'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    'SELF_SIGNED_CERT_IN_CHAIN',
    'DEPTH_ZERO_SELF_SIGNED_CERT',
    'CERT_SIGNATURE_FAILURE',
  ]);
  if (error === 'CERT_HAS_EXPIRED') return 'The client certificate has expired.';
  if (error === 'CERT_NOT_YET_VALID') return 'The client certificate is not valid yet.';
  if (error && untrusted.has(error))
    return 'The client certificate was not issued by a certificate authority this service trusts.';
  return `The client certificate was not accepted (${error ?? 'unverified'}).`;
}

export function identify(peer: PeerCertificate): ProviderIdentity {
  if (!peer.present || !peer.der) {
    throw new XsError('CERTIFICATE_MISSING', {
      text: 'No client certificate was presented. Every request needs the provider QWAC (mutual TLS).',
    });
  }
  if (!peer.authorized) throw new XsError('CERTIFICATE_MISSING', { text: refusalText(peer.authorizationError) });
  let qwac;
  try {
    qwac = readQwac(peer.der);
  } catch {
    throw new XsError('CERTIFICATE_MISSING', {
      text: 'The client certificate cannot be read as an X.509 certificate.',
    });
  }
  if (!qwac.organizationIdentifier) {
    throw new XsError('CERTIFICATE_MISSING', {
      text: 'The client certificate carries no organizationIdentifier (2.5.4.97), so it does not identify a provider.',
    });
  }
  // A certificate whose QcType says it is for seals or signatures only is no QWAC (ETSI TS 119 495
  // clause 5.3: website authentication is QcType web), however TLS judged it.
  if (qwac.qcTypes.length > 0 && !qwac.qcTypes.includes(QC_TYPE_WEB_OID)) {
    throw new XsError('CERTIFICATE_MISSING', {
      text: 'The client certificate is not a website authentication certificate (its QcType is not web): a seal certificate is no QWAC.',
    });
  }
  if (!qwac.hasPsd2Statement || qwac.roles.length === 0) {
    throw new XsError('ROLE_INVALID', {
      text: 'The client certificate carries no PSD2 role (QCStatement 0.4.0.19495.2 with PSP_AI, PSP_PI, PSP_IC or PSP_AS).',
    });
  }
  return {
    organizationIdentifier: qwac.organizationIdentifier,
    name: qwac.organizationName ?? qwac.commonName ?? qwac.organizationIdentifier,
    roles: qwac.roles,
    nca: qwac.nca,
    certificate: { serialNumber: qwac.serialNumber, notAfter: qwac.notAfter, der: peer.der },
  };
}
