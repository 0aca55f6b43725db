/**
 * `--check-revocation`: a client certificate the sandbox CA has revoked or suspended by the sandbox
 * clock, or one past its notAfter by the sandbox clock, is refused as a bank that checks revocation
 * refuses it: before anything else, with the code every other unusable certificate gets
 * (CERTIFICATE_MISSING, docs/interpretations.md). Certificates of another CA (`--trust`) are not the
 * sandbox CA's to revoke, so only their expiry is judged.
 */
import { X509Certificate } from 'node:crypto';
import type { CaFolder } from '../../certs/ca-folder.js';
import { recordAt } from '../../certs/revocation.js';
import { XsError } from '../../contract/index.js';
import type { ProviderIdentity } from './identity.js';

/** The check of one sandbox: throws CERTIFICATE_MISSING for a certificate it must refuse at `now`. */
export function revocationCheck(folder: CaFolder): (identity: ProviderIdentity, now: Date) => void {
  // Whether the sandbox CA issued each certificate seen, by its DER (a socket's identity is read once, so is this).
  const issuedBy = new WeakMap<Buffer, boolean>();
  const issuedByCa = (der: Buffer): boolean => {
    let known = issuedBy.get(der);
    if (known === undefined) {
      const ca = folder.ca().certificate;
      const certificate = new X509Certificate(der);
      known = certificate.checkIssued(ca) && certificate.verify(ca.publicKey);
      issuedBy.set(der, known);
    }
    return known;
  };
  return (identity, now) => refuseRevoked(identity, folder, now, issuedByCa);
}

function refuseRevoked(
  identity: ProviderIdentity,
  folder: CaFolder,
  now: Date,
  issuedByCa: (der: Buffer) => boolean,
): void {
  const certificate = identity.certificate;
  if (!certificate) return;
  if (now.getTime() > certificate.notAfter.getTime())
    throw new XsError('CERTIFICATE_MISSING', {
      text: `The client certificate expired on ${certificate.notAfter.toISOString()} (sandbox clock).`,
    });
  const record = recordAt(folder.records(), certificate.serialNumber, now);
  if (!record || !issuedByCa(certificate.der)) return;
  throw new XsError('CERTIFICATE_MISSING', {
    text:
      record.state === 'suspended'
        ? `The client certificate is suspended by its certificate authority (certificateHold since ${record.at}).`
        : `The client certificate has been revoked by its certificate authority (${record.reason}, ${record.at}).`,
  });
}
