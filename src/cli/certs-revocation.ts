/**
 * `xs2a-kit certs revoke|suspend|resume|status SERIAL-OR-FILE [--out DIR]`: the test CA's revocations
 * from the command line, written to the CA's folder (revocations.json) that every sandbox serving it
 * reads, so a running sandbox's OCSP responder, CRL and `--check-revocation` follow at once. The
 * instant is `--at` (default: now, real time); to revoke at a moved sandbox clock's "now", give that
 * instant or use the control API (`POST /sandbox/certificates/{serial}/revoke`). A refused change
 * writes nothing and exits 1 with one line.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { X509Certificate } from 'node:crypto';
import { InvalidArgumentError, type Command } from 'commander';
import { openCaFolder } from '../certs/ca-folder.js';
import { serialHex } from '../certs/certificate-parts.js';
import {
  REVOCATION_REASONS,
  RevocationRefusal,
  isRevocationReason,
  recordAt,
  resume,
  revoke,
  suspend,
  type RevocationReason,
} from '../certs/revocation.js';
import type { CliIo } from './io.js';

/** A serial number in hex, or a PEM/DER certificate file whose serial it is. */
function serialOf(value: string): string {
  if (/^[0-9A-Fa-f:]+$/.test(value)) return serialHex(value);
  let bytes: Buffer;
  try {
    bytes = readFileSync(value);
  } catch {
    throw new InvalidArgumentError(`${value} is neither a hexadecimal serial number nor a readable certificate file.`);
  }
  try {
    return serialHex(new X509Certificate(bytes).serialNumber);
  } catch {
    throw new InvalidArgumentError(`${value} is not a certificate (PEM or DER).`);
  }
}

function instant(value: string): Date {
  const at = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(at.getTime()))
    throw new InvalidArgumentError(`--at ${value}: expected an ISO 8601 date-time such as 2026-06-01T12:00:00Z.`);
  return at;
}

function reason(value: string): RevocationReason {
  if (!isRevocationReason(value))
    throw new InvalidArgumentError(`--reason is one of ${Object.keys(REVOCATION_REASONS).join(', ')}.`);
  return value;
}

async function change(
  io: CliIo,
  dir: string,
  serial: string,
  apply: Parameters<ReturnType<typeof openCaFolder>['change']>[0],
  done: string,
): Promise<void> {
  const folder = openCaFolder(resolve(dir));
  try {
    await folder.change(apply);
  } catch (error) {
    if (error instanceof RevocationRefusal) throw new Error(`${error.path}: ${error.message}`, { cause: error });
    throw error;
  }
  io.out(`${done} ${serial} (${folder.issued().get(serial)?.file ?? 'unknown file'})\n`);
}

export function certsRevocationCommands(certs: Command, io: CliIo): void {
  certs
    .command('revoke <serial-or-file>')
    .description(
      'revoke a certificate the test CA issued: OCSP, the CRL and serve --check-revocation refuse it from --at on',
    )
    .requiredOption(
      '--reason <reason>',
      `RFC 5280 reason: ${Object.keys(REVOCATION_REASONS)
        .filter((r) => r !== 'certificateHold')
        .join(', ')}`,
      reason,
    )
    .option('--at <date-time>', 'from when (sandbox time; default now)', instant)
    .option('--out <dir>', 'certificate folder of the CA', 'certs')
    .action(async (target: string, flags: { reason: RevocationReason; at?: Date; out: string }) => {
      const serial = serialOf(target);
      await change(
        io,
        flags.out,
        serial,
        (records, issued) => revoke(records, issued, { serial, reason: flags.reason, at: flags.at ?? new Date() }),
        `Revoked (${flags.reason})`,
      );
    });
  certs
    .command('suspend <serial-or-file>')
    .description('suspend a certificate (certificateHold) until it is resumed')
    .option('--at <date-time>', 'from when (sandbox time; default now)', instant)
    .option('--out <dir>', 'certificate folder of the CA', 'certs')
    .action(async (target: string, flags: { at?: Date; out: string }) => {
      const serial = serialOf(target);
      await change(
        io,
        flags.out,
        serial,
        (records, issued) => suspend(records, issued, { serial, at: flags.at ?? new Date() }),
        'Suspended',
      );
    });
  certs
    .command('resume <serial-or-file>')
    .description('lift a suspension')
    .option('--out <dir>', 'certificate folder of the CA', 'certs')
    .action(async (target: string, flags: { out: string }) => {
      const serial = serialOf(target);
      await change(io, flags.out, serial, (records, issued) => resume(records, issued, serial), 'Resumed');
    });
  certs
    .command('status')
    .description('every certificate the test CA issued, with its revocation status at --at')
    .option('--at <date-time>', 'at which instant (default now)', instant)
    .option('--out <dir>', 'certificate folder of the CA', 'certs')
    .action((flags: { at?: Date; out: string }) => {
      const folder = openCaFolder(resolve(flags.out));
      const at = flags.at ?? new Date();
      const records = folder.records();
      for (const certificate of folder.issued().values()) {
        const record = recordAt(records, certificate.serial, at);
        const status = certificate.isCa
          ? 'CA'
          : record
            ? `${record.state} (${record.reason}, ${record.at})`
            : at > certificate.notAfter
              ? 'expired'
              : 'good';
        io.out(`${certificate.serial}  ${status}  ${certificate.file}  ${certificate.subject}\n`);
      }
    });
}
