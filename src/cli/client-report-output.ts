/**
 * `serve`'s client report: each finding printed as one line as it happens, a summary when the
 * sandbox stops, and `--client-report FORMAT:FILE` written then, so a CI job that runs its client
 * against `serve` fails on findings (exit code 1 when the report has any, 0 otherwise).
 */
import { writeFileSync } from 'node:fs';
import { InvalidArgumentError } from 'commander';
import { REPORT_FORMATS, renderClientReport, type ReportFormat } from '../sim/judge/report-files.js';
import { findingLine, summaryLine } from '../sim/judge/report-text.js';
import type { Sandbox } from '../sim/sandbox.js';
import type { CliIo } from './io.js';

export interface ReportTarget {
  format: ReportFormat;
  file: string;
}

/** `junit:FILE`, `json:FILE` or `html:FILE`; repeatable. */
export function reportTarget(value: string, previous: ReportTarget[] = []): ReportTarget[] {
  const colon = value.indexOf(':');
  const format = value.slice(0, colon);
  const file = value.slice(colon + 1);
  if (colon < 1 || !(REPORT_FORMATS as readonly string[]).includes(format) || file === '')
    throw new InvalidArgumentError(
      `expected FORMAT:FILE with FORMAT one of ${REPORT_FORMATS.join(', ')}, e.g. junit:client-report.xml.`,
    );
  return [...previous, { format: format as ReportFormat, file }];
}

/** Prints each finding as it happens; answers the function that stops printing. */
export function printFindings(sandbox: Sandbox, io: CliIo): () => void {
  return sandbox.events.on('client-finding', (finding) => io.out(`${findingLine(finding)}\n`));
}

/** The summary, then each file; the exit code a CI job reads: 1 when the report has findings. */
export function finishClientReport(sandbox: Sandbox, targets: readonly ReportTarget[], io: CliIo): number {
  const report = sandbox.clientReport();
  io.out(`${summaryLine(report)}\n`);
  for (const target of targets) {
    try {
      writeFileSync(target.file, renderClientReport(target.format, report));
      io.out(`Client report written: ${target.format}:${target.file}\n`);
    } catch (error) {
      io.err(
        `xs2a-kit: cannot write the client report ${target.file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}\n`,
      );
      return 2;
    }
  }
  return targets.length > 0 && report.findings.length > 0 ? 1 : 0;
}
