/**
 * `xs2a-kit certs almost-right [--out DIR] [--pki-url URL]`: the "almost right" certificates for
 * testing validation code, each with one planted fault, and the `certs lint` line that finds it.
 */
import { basename, resolve } from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { writeAlmostRight } from '../certs/almost-right.js';
import { pkiAddresses } from '../certs/pki-addresses.js';
import type { CliIo } from './io.js';

function pkiBase(value: string): string {
  try {
    pkiAddresses(value);
    return value;
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

export function certsAlmostRightCommand(certs: Command, io: CliIo): void {
  certs
    .command('almost-right')
    .description(
      'create certificates with one planted fault each (wrong NCA id form, role name not matching its OID, seal used as a QWAC, no QC type, revoked, suspended, expired on the sandbox clock, untrusted intermediate) and print the lint finding of each',
    )
    .option('--out <dir>', "certificate folder: the kit's CA there issues them (made when missing)", 'certs')
    .option('--pki-url <url>', "the sandbox's customer-surface address, where its OCSP responder and CRL are", pkiBase)
    .action(async (flags: { out: string; pkiUrl?: string }) => {
      const { files } = await writeAlmostRight(
        resolve(flags.out),
        flags.pkiUrl === undefined ? {} : { pkiBase: flags.pkiUrl },
      );
      io.out(`Created ${files.length} almost-right certificates in ${resolve(flags.out)} (run certs lint there):\n`);
      for (const { cert, certificate } of files) {
        const file = basename(cert);
        io.out(
          `  ${file}: ${certificate.fault}\n    xs2a-kit certs lint ${[...certificate.lintWith, file].join(' ')} -> error [${certificate.finding.clause}] …${certificate.finding.contains}…\n`,
        );
      }
    });
}
