/** `xs2a-kit certs` and `xs2a-kit certs tpp`: the test CA, server certificate and provider QWACs. */
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import {
  ensureCertificates,
  isPspRole,
  parseOrganizationIdentifier,
  pkiAddresses,
  writeProviderCertificate,
  type PspRole,
} from '../certs/index.js';
import { certsRefusedCommand } from './certs-refused.js';
import { certsAlmostRightCommand } from './certs-almost-right.js';
import { certsLintCommand } from './certs-lint.js';
import { certsRevocationCommands } from './certs-revocation.js';
import type { CliIo } from './io.js';

function roles(value: string): PspRole[] {
  const list = value
    .split(',')
    .map((role) => role.trim())
    .filter(Boolean);
  const unknown = list.filter((role) => !isPspRole(role));
  if (list.length === 0 || unknown.length > 0) {
    throw new InvalidArgumentError(
      `roles are a comma-separated list of PSP_AI, PSP_PI, PSP_IC, PSP_AS${unknown.length ? ` (unknown: ${unknown.join(', ')})` : ''}.`,
    );
  }
  return [...new Set(list as PspRole[])];
}

function organizationId(value: string): string {
  try {
    return parseOrganizationIdentifier(value).value;
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

interface TppFlags {
  name: string;
  roles: PspRole[];
  orgId?: string;
  keyType: string;
  kind: string;
  pkiUrl?: string;
  out: string;
}

function pkiBase(value: string): string {
  try {
    pkiAddresses(value);
    return value;
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

/** A stable, distinct organizationIdentifier for a provider named without --org-id. */
export function defaultOrganizationId(name: string): string {
  const digits = createHash('sha256').update(name).digest().readUInt32BE(0) % 900_000;
  return `PSDDE-BAFIN-${100_000 + digits}`;
}

export function certsCommand(program: Command, io: CliIo): void {
  const certs = program
    .command('certs')
    .description('create the sandbox CA, server certificate and the default provider QWAC (tpp.crt)')
    .option('--out <dir>', 'certificate folder', 'certs')
    .enablePositionalOptions()
    .action(async (flags: { out: string }) => {
      const { paths, created } = await ensureCertificates(resolve(flags.out));
      io.out(
        created.length > 0
          ? `Created in ${paths.dir}: ${created.join(', ')}\n`
          : `All certificates already exist in ${paths.dir}; nothing created.\n`,
      );
    });

  certs
    .command('tpp')
    .description(
      'create a QWAC (NAME.crt, NAME.key) or with --kind qseal a QSealC (NAME.seal.crt, NAME.seal.key) for a provider, issued by the sandbox CA',
    )
    .requiredOption('--name <name>', 'provider name; also the file name')
    .option('--roles <roles>', 'PSD2 roles, comma-separated', roles, ['PSP_AI', 'PSP_PI', 'PSP_IC'] as PspRole[])
    .option('--org-id <id>', 'organizationIdentifier (default: derived from the name)', organizationId)
    .option('--key-type <type>', 'rsa or ec (P-256)', 'rsa')
    .option('--kind <kind>', 'qwac (website authentication, for mutual TLS) or qseal (electronic seal)', 'qwac')
    .option('--pki-url <url>', "the sandbox's customer-surface address, where its OCSP responder and CRL are", pkiBase)
    .option('--out <dir>', 'certificate folder', 'certs')
    .action(async (flags: TppFlags) => {
      if (flags.keyType !== 'rsa' && flags.keyType !== 'ec') throw new InvalidArgumentError('--key-type is rsa or ec.');
      if (flags.kind !== 'qwac' && flags.kind !== 'qseal') throw new InvalidArgumentError('--kind is qwac or qseal.');
      const organizationIdentifier = flags.orgId ?? defaultOrganizationId(flags.name);
      const files = await writeProviderCertificate(resolve(flags.out), {
        name: flags.name,
        roles: flags.roles,
        organizationIdentifier,
        keyType: flags.keyType,
        kind: flags.kind,
        ...(flags.pkiUrl === undefined ? {} : { pkiBase: flags.pkiUrl }),
      });
      io.out(
        `Created ${files.cert} and ${files.key} (${flags.kind === 'qseal' ? 'QSealC' : 'QWAC'})\n  organizationIdentifier ${organizationIdentifier}, roles ${flags.roles.join(', ')}\n`,
      );
    });

  certsRefusedCommand(certs, io);
  certsRevocationCommands(certs, io);
  certsLintCommand(certs, io);
  certsAlmostRightCommand(certs, io);
}
