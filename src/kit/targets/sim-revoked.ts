/**
 * The in-process target's revoked and suspended certificates (capability `revoked-certificates`):
 * QWACs of the default provider's organisation issued by the simulator's test CA into its folder
 * (kit-revoked.crt, kit-suspended.crt, replaced on every start) and recorded as revoked and suspended
 * from the simulator's "now", which its `checkRevocation` then refuses. The CA's own folder is its
 * database (src/certs/ca-folder.ts), so nothing of the simulator is reached into.
 */
import { X509Certificate } from 'node:crypto';
import { join } from 'node:path';
import { openCaFolder } from '../../certs/ca-folder.js';
import { serialHex } from '../../certs/certificate-parts.js';
import { ALL_TPP_ROLES, issueQwac, readQwacPem, writeFileAtomic, type PemPair } from '../../certs/index.js';
import { revoke, suspend } from '../../certs/revocation.js';
import type { RevokedCertificate } from '../capabilities.js';
import type { ClientCertificate } from '../client.js';

export async function simRevokedCertificates(
  certsDir: string,
  ca: PemPair,
  provider: Pick<ClientCertificate, 'cert'>,
  now: Date,
): Promise<Record<RevokedCertificate, ClientCertificate>> {
  const organizationIdentifier = readQwacPem(provider.cert).organizationIdentifier;
  if (!organizationIdentifier) throw new Error('the default provider certificate carries no organizationIdentifier');
  const issue = async (kind: RevokedCertificate): Promise<ClientCertificate & { serial: string }> => {
    const pair = issueQwac({
      ca,
      name: `xs2a-kit ${kind} provider`,
      organizationIdentifier,
      roles: ALL_TPP_ROLES,
      keyType: 'ec',
    });
    await writeFileAtomic(join(certsDir, `kit-${kind}.key`), pair.key, 0o600);
    await writeFileAtomic(join(certsDir, `kit-${kind}.crt`), pair.cert, 0o644);
    return { cert: pair.cert, key: pair.key, serial: serialHex(new X509Certificate(pair.cert).serialNumber) };
  };
  const revoked = await issue('revoked');
  const suspended = await issue('suspended');
  await openCaFolder(certsDir).change((records, issued) => {
    // Records of certificates no longer in the folder (an earlier start's) leave with their files.
    const kept = records.filter((record) => issued.has(record.serial));
    const next = revoke(kept, issued, { serial: revoked.serial, reason: 'keyCompromise', at: now });
    return suspend(next, issued, { serial: suspended.serial, at: now });
  });
  return {
    revoked: { cert: revoked.cert, key: revoked.key },
    suspended: { cert: suspended.cert, key: suspended.key },
  };
}
