/** The client report as a person reads it in a terminal: one line per finding as it happens, one summary at the end. */
import { maskText } from '../../contract/mask.js';
import { CLIENT_RULES } from './client-rules.js';
import type { ClientFinding } from './findings.js';
import type { ClientReport } from './judge.js';

/** `client finding CLIENT-RETRY-4XX (major) PSDDE-BAFIN-123456: GET … was sent again …` */
export function findingLine(finding: ClientFinding): string {
  // Masked again as it is printed: a console line must not depend on every finding having been made masked.
  return maskText(`client finding ${finding.rule} (${finding.severity}) ${finding.provider}: ${finding.detail}`);
}

/** Findings per rule, in the catalogue's order. */
export function countsByRule(report: Pick<ClientReport, 'findings'>): { rule: string; findings: number }[] {
  return CLIENT_RULES.map((rule) => ({
    rule: rule.id,
    findings: report.findings.filter((finding) => finding.rule === rule.id).length,
  })).filter((count) => count.findings > 0);
}

export function summaryLine(report: ClientReport): string {
  const counts = countsByRule(report)
    .map((count) => `${count.rule} ${count.findings}`)
    .join(', ');
  const found =
    report.findings.length === 0
      ? 'no findings'
      : `${report.findings.length} finding${report.findings.length === 1 ? '' : 's'} (${counts})`;
  const dropped = report.dropped > 0 ? `, ${report.dropped} older dropped` : '';
  const hints =
    report.hints.length > 0
      ? `; ${report.hints.length} hint${report.hints.length === 1 ? '' : 's'} (advice, not findings: ${[...new Set(report.hints.map((hint) => hint.rule))].join(', ')})`
      : '';
  const acks =
    report.acknowledged.length > 0
      ? `; acknowledged: ${report.acknowledged.map((ack) => `${ack.rule}${ack.provider ? ` for ${ack.provider}` : ''} (${ack.findings} kept out)`).join(', ')}`
      : '';
  return `Client report: ${report.judged} exchange${report.judged === 1 ? '' : 's'} judged, ${found}${dropped}${hints}${acks}.`;
}
