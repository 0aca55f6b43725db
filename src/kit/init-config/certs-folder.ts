/**
 * The certificate folder `--init-config --certs DIR` is given: the bank's CA (`ca.crt`) and the provider
 * (`tpp.crt`, `tpp.key`), as `xs2a-kit serve --certs DIR` keeps them. With the CA's key there too, the
 * kit issues what the config needs beyond the provider: a second provider, one without PSP_IC, and the
 * eight refused certificates — unless `xs2a-kit certs refused` already made those in DIR, which are then
 * used as they are.
 */
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { certificatePaths, readQwacPem, writeFileAtomic, type PemPair } from '../../certs/index.js';
import { REFUSED_CERTIFICATES, type RefusedCertificate } from '../capabilities.js';
import type { ClientCertificate } from '../client.js';
import { ConfigError } from '../config-error.js';
import { REFUSED_FILE_NAMES, writeRefusedCertificates, type RefusedFiles } from '../refused-files.js';
import { issueExtraProviders, issueRenamedProvider, WITHDRAWN_ORGANIZATION_ID } from '../targets/sim-certificates.js';

export interface CertsFolder {
  dir: string;
  caFile: string;
  ca: string;
  providerFiles: { cert: string; key: string };
  provider: ClientCertificate;
  /** The CA's key, when the folder holds it (and it is the CA's). */
  caKey: string | undefined;
}

async function readIn(dir: string, name: string): Promise<string> {
  try {
    return await readFile(join(dir, name), 'utf8');
  } catch {
    throw new ConfigError(`--certs ${dir} holds no readable ${name}`);
  }
}

export async function readCertsFolder(dir: string): Promise<CertsFolder> {
  const paths = certificatePaths(dir);
  const ca = await readIn(paths.dir, 'ca.crt');
  const provider = { cert: await readIn(paths.dir, 'tpp.crt'), key: await readIn(paths.dir, 'tpp.key') };
  let caKey: string | undefined;
  if (existsSync(paths.caKey)) {
    caKey = await readIn(paths.dir, 'ca.key');
    if (!new X509Certificate(ca).checkPrivateKey(createPrivateKey(caKey)))
      throw new ConfigError(`--certs ${dir}: ca.key is not the key of ca.crt`);
  }
  return {
    dir: paths.dir,
    caFile: paths.caCert,
    ca,
    providerFiles: { cert: paths.tppCert, key: paths.tppKey },
    provider,
    caKey,
  };
}

export interface ExtraCertificates {
  secondProvider?: { cert: string; key: string };
  providerWithoutCof?: { cert: string; key: string };
  renamedProvider?: { cert: string; key: string };
  refusedCertificates?: RefusedFiles;
}

/** The refused certificates `xs2a-kit certs refused` left in the folder, when all eight are there. */
function refusedInFolder(dir: string): RefusedFiles | undefined {
  const files = Object.fromEntries(
    (Object.keys(REFUSED_CERTIFICATES) as RefusedCertificate[]).map((kind) => {
      const base = join(dir, REFUSED_FILE_NAMES[kind]);
      return [kind, { cert: `${base}.crt`, key: `${base}.key` }];
    }),
  ) as RefusedFiles;
  return Object.values(files).every((pair) => existsSync(pair.cert) && existsSync(pair.key)) ? files : undefined;
}

async function writeProvider(dir: string, name: string, pair: PemPair): Promise<{ cert: string; key: string }> {
  const files = { cert: join(dir, `${name}.crt`), key: join(dir, `${name}.key`) };
  await writeFileAtomic(files.key, pair.key, 0o600);
  await writeFileAtomic(files.cert, pair.cert, 0o644);
  return files;
}

/**
 * What the folder offers beyond the provider: issued now from the CA's key, or the refused ones found
 * there. `world.owner`: the target keeps each organisation's world apart, and the extra providers are
 * organisations of the owner's world only (their identifiers derived from the owner's).
 */
export async function extraCertificates(folder: CertsFolder, world?: { owner: string }): Promise<ExtraCertificates> {
  const found = refusedInFolder(folder.dir);
  if (!folder.caKey) return found ? { refusedCertificates: found } : {};
  const ca = { cert: folder.ca, key: folder.caKey };
  const { secondProvider, providerWithoutCof } = issueExtraProviders(ca, world?.owner);
  return {
    secondProvider: await writeProvider(folder.dir, 'kit-second-provider', secondProvider),
    providerWithoutCof: await writeProvider(folder.dir, 'kit-provider-without-cof', providerWithoutCof),
    // The folder's own provider renamed: of the owner's organisation, so already of its world.
    renamedProvider: await writeProvider(folder.dir, 'kit-renamed-provider', issueRenamedProvider(ca, folder.provider)),
    refusedCertificates:
      found ??
      (await writeRefusedCertificates(folder.dir, {
        ca,
        provider: folder.provider,
        withdrawnOrganizationId: WITHDRAWN_ORGANIZATION_ID,
      })),
  };
}

/** Lets the extra providers into the owner's world, so the bank serves them there. */
export async function admitExtraProviders(
  admit: (organizationIdentifier: string) => Promise<void>,
  extra: ExtraCertificates,
): Promise<void> {
  for (const files of [extra.secondProvider, extra.providerWithoutCof]) {
    if (!files) continue;
    const organizationIdentifier = readQwacPem(await readFile(files.cert, 'utf8')).organizationIdentifier;
    if (organizationIdentifier) await admit(organizationIdentifier);
  }
}
