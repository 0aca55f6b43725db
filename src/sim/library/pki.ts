/**
 * `sandbox.pki`: the test CA in-process, for a TPP's own tests: where its OCSP responder and CRL
 * answer, and revoking, suspending and resuming a certificate (a `sandbox.provider()` one, the
 * default provider's, any the CA issued) at an instant on the sandbox clock, as the control API's
 * `/sandbox/certificates` calls do. A refusal is a SandboxError with the same code and path.
 */
import { X509Certificate } from 'node:crypto';
import type { CaFolder } from '../../certs/ca-folder.js';
import { serialHex } from '../../certs/certificate-parts.js';
import { PKI_PATHS } from '../../certs/pki-addresses.js';
import {
  certificateView,
  isRevocationReason,
  resume,
  revoke,
  RevocationRefusal,
  suspend,
  type CertificateView,
  type RevocationReason,
  type RevocationRecord,
  type IssuedCertificate,
} from '../../certs/revocation.js';
import { SandboxError } from './errors.js';

/** A certificate: its serial (hex), its PEM, or TLS material holding it as `cert`. */
export type CertificateRef = string | Buffer | { cert: string | Buffer };

export interface SandboxPki {
  readonly ocspUrl: string;
  readonly crlUrl: string;
  readonly caUrl: string;
  /** Revokes for good, from `at` (default the sandbox's now). */
  revoke(
    certificate: CertificateRef,
    options: { reason: RevocationReason; at?: Date | string },
  ): Promise<CertificateView>;
  /** Suspends (certificateHold) from `at` until resumed. */
  suspend(certificate: CertificateRef, options?: { at?: Date | string }): Promise<CertificateView>;
  resume(certificate: CertificateRef): Promise<CertificateView>;
  /** Its status at the sandbox's now. */
  status(certificate: CertificateRef): CertificateView;
}

function serialOf(certificate: CertificateRef): string {
  const value = typeof certificate === 'object' && !Buffer.isBuffer(certificate) ? certificate.cert : certificate;
  const text = Buffer.isBuffer(value) ? value.toString('latin1') : value;
  try {
    if (typeof text === 'string' && /^[0-9A-Fa-f:]+$/.test(text)) return serialHex(text);
    return serialHex(new X509Certificate(Buffer.isBuffer(value) ? value : Buffer.from(text)).serialNumber);
  } catch {
    throw new SandboxError('FORMAT_ERROR', 'pki: give a hex serial number, a PEM certificate or { cert }.', 'serial');
  }
}

function instant(at: Date | string | undefined, now: () => Date): Date {
  if (at === undefined) return now();
  const date = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(date.getTime())) throw new SandboxError('FORMAT_ERROR', 'pki: at is not a date-time.', 'at');
  return date;
}

export function pkiOf(folder: CaFolder, now: () => Date, portalUrl: string): SandboxPki {
  const view = (serial: string): CertificateView => {
    const issued = folder.issued().get(serial);
    if (!issued)
      throw new SandboxError(
        'RESOURCE_UNKNOWN',
        `The test CA issued no certificate with serial number ${serial}.`,
        'serial',
      );
    return certificateView(issued, folder.records(), now());
  };
  const change = async (
    serial: string,
    apply: (records: readonly RevocationRecord[], issued: ReadonlyMap<string, IssuedCertificate>) => RevocationRecord[],
  ): Promise<CertificateView> => {
    try {
      await folder.change(apply);
    } catch (error) {
      if (error instanceof RevocationRefusal)
        throw new SandboxError(error.notFound ? 'RESOURCE_UNKNOWN' : 'FORMAT_ERROR', error.message, error.path);
      throw error;
    }
    return view(serial);
  };
  return {
    ocspUrl: portalUrl + PKI_PATHS.ocsp,
    crlUrl: portalUrl + PKI_PATHS.crl,
    caUrl: portalUrl + PKI_PATHS.caIssuers,
    revoke: async (certificate, options) => {
      const serial = serialOf(certificate);
      if (!isRevocationReason(options?.reason))
        throw new SandboxError(
          'FORMAT_ERROR',
          'pki.revoke: reason is an RFC 5280 reason such as keyCompromise.',
          'reason',
        );
      const at = instant(options.at, now);
      return change(serial, (records, issued) => revoke(records, issued, { serial, reason: options.reason, at }));
    },
    suspend: async (certificate, options = {}) => {
      const serial = serialOf(certificate);
      const at = instant(options.at, now);
      return change(serial, (records, issued) => suspend(records, issued, { serial, at }));
    },
    resume: async (certificate) => {
      const serial = serialOf(certificate);
      return change(serial, (records, issued) => resume(records, issued, serial));
    },
    status: (certificate) => view(serialOf(certificate)),
  };
}
