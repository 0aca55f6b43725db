/**
 * `xs2a-kit certs lint FILE… [--ca FILE] [--at DATE-TIME] [--expect qwac|qseal] [--ocsp]`: checks any
 * certificate against the PSD2 profile (src/certs/lint/psd2-profile.ts), one line per finding naming
 * its clause, one line for a certificate without findings; exit 1 when any finding is an error or a
 * file is no certificate. A PEM bundle is linted certificate by certificate (FILE#N).
 */
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { InvalidArgumentError, type Command } from 'commander';
import { lintSubjects } from '../certs/lint/lint-input.js';
import { askOcsp, ocspUrlOf } from '../certs/lint/ocsp-client.js';
import { lintCertificate, type Finding } from '../certs/lint/psd2-profile.js';
import type { CliIo } from './io.js';

interface LintFlags {
  ca?: string;
  at?: Date;
  expect?: 'qwac' | 'qseal';
  ocsp?: boolean;
  ocspUrl?: string;
}

function instant(value: string): Date {
  const at = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(at.getTime()))
    throw new InvalidArgumentError(`expected an ISO 8601 date-time such as 2026-06-01T12:00:00Z.`);
  return at;
}

function ocspUrl(value: string): string {
  if (!/^https?:\/\/[^\s]+$/.test(value)) throw new InvalidArgumentError('--ocsp-url is an http(s) URL.');
  return value;
}

function expectKind(value: string): 'qwac' | 'qseal' {
  if (value !== 'qwac' && value !== 'qseal') throw new InvalidArgumentError('--expect is qwac or qseal.');
  return value;
}

function readCas(file: string): X509Certificate[] {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new Error(`--ca ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`, { cause: error });
  }
  const cas = lintSubjects(file, bytes).flatMap((subject) => (subject.der ? [new X509Certificate(subject.der)] : []));
  if (cas.length === 0) throw new Error(`--ca ${file} holds no certificate`);
  return cas;
}

function isEndEntity(der: Buffer): boolean {
  try {
    return !new X509Certificate(der).ca;
  } catch {
    return false; // unreadable: linted, and reported, on its own
  }
}

const line = (name: string, finding: Finding) =>
  `${name}: ${finding.severity} [${finding.clause}] ${finding.message}\n`;

export function certsLintCommand(certs: Command, io: CliIo): void {
  certs
    .command('lint <files...>')
    .description(
      'check certificates (PEM, PEM bundles or DER; any issuer) against the PSD2 profile of ETSI TS 119 495; each finding names its clause; exit 1 on an error',
    )
    .option(
      '--ca <file>',
      'CA certificate(s) (PEM): the certificate must be issued by one of them; also the OCSP issuer',
    )
    .option('--at <date-time>', 'judge validity at this instant (e.g. the sandbox clock; default now)', instant)
    .option(
      '--expect <kind>',
      'qwac or qseal: what the certificate is meant for (default: what its QcType says)',
      expectKind,
    )
    .option('--ocsp', 'also ask the OCSP responder the certificate names (AIA) for its revocation status; needs --ca')
    .option('--ocsp-url <url>', "with --ocsp: ask this responder instead of the certificate's own (AIA)", ocspUrl)
    .action(async (files: string[], flags: LintFlags) => {
      if (flags.ocsp && flags.ca === undefined)
        throw new InvalidArgumentError('--ocsp needs --ca: the issuer the OCSP request names.');
      const cas = flags.ca === undefined ? undefined : readCas(flags.ca);
      const at = flags.at ?? new Date();
      let failed = false;
      for (const file of files) {
        let bytes: Buffer;
        try {
          bytes = readFileSync(file);
        } catch (error) {
          io.out(`${file}: error cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})\n`);
          failed = true;
          continue;
        }
        const subjects = lintSubjects(file, bytes);
        // A CA certificate beside an end-entity one is that one's chain; on its own it fails the profile.
        const chain = subjects.some((subject) => subject.der !== undefined && isEndEntity(subject.der));
        for (const subject of subjects) {
          if (!subject.der) {
            io.out(`${subject.name}: error ${subject.unreadable}\n`);
            failed = true;
            continue;
          }
          const result = lintCertificate(subject.der, {
            at,
            chain,
            ...(cas ? { cas } : {}),
            ...(flags.expect ? { expect: flags.expect } : {}),
          });
          const findings = [...result.findings];
          if (flags.ocsp && cas && result.summary !== 'unreadable') {
            const url = flags.ocspUrl ?? ocspUrlOf(subject.der);
            const issuer = cas.find((ca) => new X509Certificate(subject.der!).checkIssued(ca));
            if (!url)
              findings.push({ severity: 'error', clause: 'RFC 5280 4.2.2.1', message: 'no OCSP address (AIA) to ask' });
            else if (!issuer)
              findings.push({
                severity: 'error',
                clause: 'RFC 6960 4.1.1',
                message: 'no --ca certificate issued it: the OCSP request cannot name its issuer',
              });
            else {
              const status = await askOcsp(subject.der, issuer, url);
              if (status.status === 'revoked')
                findings.push({
                  severity: 'error',
                  clause: 'RFC 6960 2.2',
                  message: `OCSP: revoked at ${status.at.toISOString()} (${status.reason})`,
                });
              else if (status.status === 'unknown')
                findings.push({
                  severity: 'error',
                  clause: 'RFC 6960 2.2',
                  message: 'OCSP: unknown (the responder does not know this certificate)',
                });
              else if (status.status === 'error')
                findings.push({
                  severity: 'error',
                  clause: 'RFC 6960 2.3',
                  message: `OCSP could not be checked: ${status.message}`,
                });
              else result.summary += ', OCSP good';
            }
          }
          if (findings.length === 0) io.out(`${subject.name}: ok (${result.summary})\n`);
          for (const finding of findings) io.out(line(subject.name, finding));
          if (findings.some((finding) => finding.severity === 'error')) failed = true;
        }
      }
      if (failed) process.exitCode = 1;
    });
}
