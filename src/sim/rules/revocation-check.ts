/**
 * What a bank that checks its client certificates' status refuses, before anything else, with the
 * code every other unusable certificate gets (CERTIFICATE_MISSING, docs/interpretations.md):
 *
 *   - `checkRevocation`: a certificate the sandbox CA has revoked or suspended by the sandbox clock
 *     (certificates of another CA, `--trust`, are not the sandbox CA's to revoke);
 *   - `expireBySandboxClock`: a certificate whose notAfter the sandbox clock has passed.
 */
import { X509Certificate } from 'node:crypto';
import type { CaFolder } from '../../certs/ca-folder.js';
import { recordAt } from '../../certs/revocation.js';
import { XsError } from '../../contract/index.js';
import type { ProviderIdentity } from './identity.js';

/** The check of one sandbox: throws CERTIFICATE_MISSING for a certificate it must refuse at `now`. */
export function certificateStatusCheck(options: {
  revocation: CaFolder | undefined;
  expireBySandboxClock: boolean;
}): (identity: ProviderIdentity, now: Date) => void {
  const { revocation, expireBySandboxClock } = options;
  // Whether the sandbox CA issued each certificate seen, by its DER (a socket's identity is read once, so is this).
  const issuedBy = new WeakMap<Buffer, boolean>();
  const issuedByCa = (der: Buffer, folder: CaFolder): boolean => {
    let known = issuedBy.get(der);
    if (known === undefined) {
      const ca = folder.ca().certificate;
      const certificate = new X509Certificate(der);
      known = certificate.checkIssued(ca) && certificate.verify(ca.publicKey);
      issuedBy.set(der, known);
    }
    return known;
  };
  return (identity, now) => {
    const certificate = identity.certificate;
    if (expireBySandboxClock && now.getTime() > certificate.notAfter.getTime())
      throw new XsError('CERTIFICATE_MISSING', {
        text: `The client certificate expired on ${certificate.notAfter.toISOString()} (sandbox clock).`,
      });
    if (!revocation) return;
    const record = recordAt(revocation.records(), certificate.serialNumber, now);
    if (!record || !issuedByCa(certificate.der, revocation)) return;
    throw new XsError('CERTIFICATE_MISSING', {
      text:
        record.state === 'suspended'
          ? `The client certificate is suspended by its certificate authority (certificateHold since ${record.at}).`
          : `The client certificate has been revoked by its certificate authority (${record.reason}, ${record.at}).`,
    });
  };
}
