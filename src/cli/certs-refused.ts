/**
 * `xs2a-kit certs refused [--out DIR] [--ca FILE --ca-key FILE] [--provider FILE] [--withdrawn-org-id ID]
 * [--relative-to DIR]`: the eight certificates a bank must refuse, from the kit's CA in DIR or a bank's
 * own test CA, and the config lines naming them. Every input is read and checked before anything is
 * written; a bad one stops the command with one line naming the flag (exit 1, as every certs command).
 */
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import {
  CERT_FILES,
  certificatePaths,
  ensureCertificates,
  parseOrganizationIdentifier,
  readQwacPem,
} from '../certs/index.js';
import { REFUSED_CERTIFICATES } from '../kit/capabilities.js';
import { refusedConfigLines, writeRefusedCertificates, type RefusedSource } from '../kit/refused-files.js';
import { WITHDRAWN_ORGANIZATION_ID } from '../kit/targets/sim-certificates.js';
import type { CliIo } from './io.js';

interface RefusedFlags {
  out: string;
  ca?: string;
  caKey?: string;
  provider?: string;
  withdrawnOrgId: string;
  relativeTo: string;
}

async function readFlagFile(flag: string, file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(`${flag} ${file}: ${code === 'ENOENT' ? 'no such file' : (error as Error).message}`, {
      cause: error,
    });
  }
}

/** The CA: `--ca`/`--ca-key`, else the folder's own (made there, as `certs` makes it, when the folder has none). */
async function readCa(flags: RefusedFlags, say: (text: string) => void): Promise<RefusedSource['ca']> {
  if ((flags.ca === undefined) !== (flags.caKey === undefined))
    throw new Error('--ca and --ca-key go together: the CA certificate and its private key');
  let files: { cert: string; key: string; certFlag: string; keyFlag: string };
  if (flags.ca !== undefined && flags.caKey !== undefined) {
    files = { cert: flags.ca, key: flags.caKey, certFlag: '--ca', keyFlag: '--ca-key' };
  } else {
    const paths = certificatePaths(flags.out);
    const present = [existsSync(paths.caCert), existsSync(paths.caKey)];
    if (present[0] !== present[1])
      throw new Error(
        `--out ${flags.out} holds ${present[0] ? 'ca.crt but not ca.key' : 'ca.key but not ca.crt'}: give the CA with --ca and --ca-key`,
      );
    if (!present[0]) {
      const { created } = await ensureCertificates(paths.dir);
      say(`Created the kit's CA and default provider in ${paths.dir}: ${created.join(', ')}\n`);
    }
    files = { cert: paths.caCert, key: paths.caKey, certFlag: '--out', keyFlag: '--out' };
  }
  const ca = {
    cert: await readFlagFile(files.certFlag, files.cert),
    key: await readFlagFile(files.keyFlag, files.key),
  };
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(ca.cert);
  } catch {
    throw new Error(`${files.certFlag} ${files.cert} is not a PEM certificate`);
  }
  if (!certificate.ca) throw new Error(`${files.certFlag} ${files.cert} is not a CA certificate`);
  let key;
  try {
    key = createPrivateKey(ca.key);
  } catch {
    throw new Error(`${files.keyFlag} ${files.key} is not a PEM private key`);
  }
  if (!certificate.checkPrivateKey(key))
    throw new Error(`${files.keyFlag} ${files.key} is not the key of the CA certificate ${files.cert}`);
  return ca;
}

/** The provider whose organizationIdentifier the refused certificates carry: `--provider`, else tpp.crt in the folder. */
async function readProvider(flags: RefusedFlags): Promise<RefusedSource['provider']> {
  const file = flags.provider ?? join(flags.out, CERT_FILES.tppCert);
  const flag = flags.provider === undefined ? '--provider (default: tpp.crt in --out)' : '--provider';
  const cert = await readFlagFile(flag, file);
  let organizationIdentifier: string | undefined;
  try {
    organizationIdentifier = readQwacPem(cert).organizationIdentifier;
  } catch {
    throw new Error(`${flag} ${file} is not a PEM certificate`);
  }
  if (!organizationIdentifier) throw new Error(`${flag} ${file} carries no organizationIdentifier`);
  return { cert };
}

function organizationId(value: string): string {
  try {
    return parseOrganizationIdentifier(value).value;
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

export function certsRefusedCommand(certs: Command, io: CliIo): void {
  certs
    .command('refused')
    .description(
      'create the eight certificates a bank must refuse (untrusted, expired, not yet valid, without organizationIdentifier, without roles, unknown role, withdrawn, seal) and print the config lines naming them',
    )
    .option(
      '--out <dir>',
      "certificate folder: the refused certificates go there, and the kit's CA is read from there",
      'certs',
    )
    .option('--ca <file>', "the bank's test CA certificate (PEM), instead of the kit's CA in --out")
    .option('--ca-key <file>', 'the private key of --ca (PEM)')
    .option(
      '--provider <file>',
      'the provider certificate whose organizationIdentifier they name (default: tpp.crt in --out)',
    )
    .option(
      '--withdrawn-org-id <id>',
      "an organizationIdentifier the bank's register lists as withdrawn",
      organizationId,
      WITHDRAWN_ORGANIZATION_ID,
    )
    .option('--relative-to <dir>', 'the folder of the config file: the printed paths are relative to it', '.')
    .action(async (flags: RefusedFlags) => {
      const source: RefusedSource = {
        ca: await readCa(flags, io.out),
        provider: await readProvider(flags),
        withdrawnOrganizationId: flags.withdrawnOrgId,
      };
      const files = await writeRefusedCertificates(flags.out, source);
      io.out(
        [
          `Created ${Object.keys(REFUSED_CERTIFICATES).length} refused certificates in ${resolve(flags.out)} (withdrawn names ${flags.withdrawnOrgId}; expired and not yet valid are dated from now).`,
          `Paste into the config (paths relative to ${resolve(flags.relativeTo)}, the config file's folder; --relative-to changes it):`,
          '',
          refusedConfigLines(files, flags.relativeTo),
          '',
        ].join('\n'),
      );
    });
}
