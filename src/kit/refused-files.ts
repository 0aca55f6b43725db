/**
 * The eight certificates a bank must refuse (capability `refused-certificates`), issued from a CA —
 * the kit's own, or a bank's test CA — and written as files a remote config names, with the config
 * lines that name them. The certificates themselves are issued as the in-process target issues its
 * own (`issueRefusedCertificates`), so a remote bank meets the same eight as the simulator.
 */
import { mkdir } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { writeFileAtomic, type PemPair } from '../certs/index.js';
import { REFUSED_CERTIFICATES, type RefusedCertificate } from './capabilities.js';
import type { ClientCertificate } from './client.js';
import { formatJson } from './format-json.js';
import { issueRefusedCertificates } from './targets/sim-certificates.js';

/** File base names in the folder: `refused-` and the kind in kebab case, beside the folder's other pairs. */
export const REFUSED_FILE_NAMES: Record<RefusedCertificate, string> = {
  untrusted: 'refused-untrusted',
  expired: 'refused-expired',
  notYetValid: 'refused-not-yet-valid',
  withoutOrganizationId: 'refused-without-organization-id',
  withoutRoles: 'refused-without-roles',
  unknownRoles: 'refused-unknown-roles',
  withdrawn: 'refused-withdrawn',
  seal: 'refused-seal',
};

export type RefusedFiles = Record<RefusedCertificate, { cert: string; key: string }>;

export interface RefusedSource {
  /** The CA the bank trusts for client certificates (its key signs all but `untrusted`). */
  ca: PemPair;
  /** The provider whose organizationIdentifier the refused ones name (a bank serving one would act for it). */
  provider: Pick<ClientCertificate, 'cert'>;
  /** A provider the bank's register lists as withdrawn. */
  withdrawnOrganizationId: string;
}

/** Issues all eight, then writes them into `dir` (keys readable by their owner only); answers the absolute paths. */
export async function writeRefusedCertificates(dir: string, source: RefusedSource): Promise<RefusedFiles> {
  const issued = await issueRefusedCertificates(source.ca, source.provider, source.withdrawnOrganizationId);
  const folder = resolve(dir);
  await mkdir(folder, { recursive: true });
  const files = {} as RefusedFiles;
  for (const kind of Object.keys(REFUSED_CERTIFICATES) as RefusedCertificate[]) {
    const base = join(folder, REFUSED_FILE_NAMES[kind]);
    files[kind] = { cert: `${base}.crt`, key: `${base}.key` };
    await writeFileAtomic(files[kind].key, issued[kind].key, 0o600);
    await writeFileAtomic(files[kind].cert, issued[kind].cert, 0o644);
  }
  return files;
}

/** A path as a config in `configDir` names it: relative to that folder, with forward slashes. */
export function configRelative(configDir: string, file: string): string {
  return relative(resolve(configDir), file).split(sep).join('/');
}

/** The `refusedCertificates` member of a remote config, one line per kind, paths relative to `configDir`. */
export function refusedConfigLines(files: RefusedFiles, configDir: string): string {
  const members = (Object.keys(REFUSED_CERTIFICATES) as RefusedCertificate[]).map((kind) => [
    kind,
    { cert: configRelative(configDir, files[kind].cert), key: configRelative(configDir, files[kind].key) },
  ]);
  return `  "refusedCertificates": ${formatJson(Object.fromEntries(members), '  ')}`;
}
