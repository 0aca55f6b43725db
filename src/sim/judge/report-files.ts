/**
 * The client report as files a CI job keeps (`serve --client-report FORMAT:FILE`): JSON as the
 * control API answers it, JUnit XML with one test case per client rule, and one self-contained
 * HTML page. A rule with findings fails; an acknowledged rule is skipped, saying why; when no
 * exchange was judged every rule is skipped, since nothing was checked. Hints (advice stricter than
 * the interface) are listed apart and never fail anything.
 */
import { maskText, maskValue } from '../../contract/mask.js';
import { CLIENT_ADVICE, CLIENT_RULES } from './client-rules.js';
import type { ExchangeEvidence } from './evidence.js';
import type { ClientFinding, ClientHint } from './findings.js';
import type { ClientReport } from './judge.js';
import { summaryLine } from './report-text.js';

export const REPORT_FORMATS = ['json', 'junit', 'html'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** XML and HTML text and attribute escaping; characters XML cannot carry at all are dropped. */
function escape(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

function exchangeText(exchange: ExchangeEvidence): string {
  const { request, answer } = exchange;
  const lines = [
    `#${exchange.id} ${exchange.at} ${request.method} ${request.path}${request.query ? `?${request.query}` : ''}`,
    ...Object.entries(request.headers).map(([name, value]) => `  ${name}: ${String(value)}`),
    ...(request.body === undefined ? [] : [`  ${show(request.body)}`]),
    answer === null
      ? '  → no answer (connection closed)'
      : `  → ${answer.status}${answer.body === undefined ? '' : ` ${show(answer.body)}`}`,
  ];
  return lines.join('\n');
}

export function hintText(hint: ClientHint): string {
  return [
    `${hint.rule} (advice) ${hint.provider} at ${hint.at}: ${hint.detail}`,
    ...hint.exchanges.map(exchangeText),
  ].join('\n');
}

export function findingText(finding: ClientFinding): string {
  // Masked again as a whole, as the console line is: what a file keeps must not depend on how the finding was made.
  return maskText(
    [
      `${finding.rule} (${finding.severity}) ${finding.provider} at ${finding.at}: ${finding.detail}`,
      ...finding.exchanges.map(exchangeText),
      ...finding.callbacks.map(
        (callback) =>
          `callback ${callback.sent} ${callback.eventId} → ${callback.status ?? `no answer (${callback.error ?? ''})`}`,
      ),
    ].join('\n'),
  );
}

function testcase(rule: (typeof CLIENT_RULES)[number], report: ClientReport): string {
  const findings = report.findings.filter((finding) => finding.rule === rule.id);
  const ack = report.acknowledged.find((one) => one.rule === rule.id && one.provider === null);
  const open = `    <testcase classname="xs2a.client" name="${escape(`${rule.id} ${rule.statement}`)}" time="0.000">`;
  let verdict = '';
  if (findings.length > 0)
    verdict = `\n      <failure message="${escape(`${findings.length} finding${findings.length === 1 ? '' : 's'}: ${maskText(findings[0]!.detail)}`)}" type="${rule.severity}">${escape(findings.map(findingText).join('\n\n'))}</failure>`;
  else if (ack)
    verdict = `\n      <skipped message="${escape(`acknowledged: ${ack.findings} findings kept out of the report`)}"/>`;
  else if (report.judged === 0) verdict = `\n      <skipped message="no exchange was judged: nothing was checked"/>`;
  return `${open}${verdict}\n      <system-out>${escape(`${rule.section}\n${rule.statement}\nStands on: ${rule.cites}`)}</system-out>\n    </testcase>`;
}

export function clientReportJunit(report: ClientReport): string {
  const cases = CLIENT_RULES.map((rule) => testcase(rule, report));
  const failures = cases.filter((text) => text.includes('<failure ')).length;
  const skipped = cases.filter((text) => text.includes('<skipped ')).length;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="xs2a-kit client report" tests="${cases.length}" failures="${failures}" errors="0" skipped="${skipped}">\n  <testsuite name="client rules" tests="${cases.length}" failures="${failures}" errors="0" skipped="${skipped}">\n    <properties>\n      <property name="judged" value="${report.judged}"/>\n      <property name="dropped" value="${report.dropped}"/>\n      <property name="hints" value="${report.hints.length}"/>\n    </properties>\n${cases.join('\n')}\n  </testsuite>\n</testsuites>\n`;
}

export function clientReportHtml(report: ClientReport): string {
  const rows = CLIENT_RULES.map((rule) => {
    const count = report.findings.filter((finding) => finding.rule === rule.id).length;
    return `<tr class="${count > 0 ? 'bad' : 'good'}"><td>${escape(rule.id)}</td><td>${escape(rule.severity)}</td><td>${count}</td><td>${escape(rule.section)}</td><td>${escape(rule.statement)}<br><em>Stands on: ${escape(rule.cites)}</em></td></tr>`;
  }).join('\n');
  const hints = report.hints
    .map(
      (hint) =>
        `<section class="hint"><h3>${escape(hint.rule)} · ${escape(hint.provider)} · ${escape(hint.at)}</h3><p>${escape(hint.detail)}</p><p>${escape(hint.statement)} <em>${escape(hint.why)}</em></p><pre>${escape(hintText(hint))}</pre></section>`,
    )
    .join('\n');
  const advice = CLIENT_ADVICE.map(
    (one) =>
      `<tr><td>${escape(one.id)}</td><td>${report.hints.filter((hint) => hint.rule === one.id).length}</td><td>${escape(one.statement)}</td><td>${escape(one.why)}</td></tr>`,
  ).join('\n');
  const findings = report.findings
    .map(
      (finding) =>
        `<section class="finding"><h3>${escape(finding.rule)} · ${escape(finding.provider)} · ${escape(finding.at)}</h3><p>${escape(maskText(finding.detail))}</p><pre>${escape(findingText(finding))}</pre></section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>xs2a-kit client report</title>
<style>body{font:14px/1.4 system-ui,sans-serif;margin:2em;max-width:70em}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.3em .5em;vertical-align:top;text-align:left}tr.bad td:nth-child(3){color:#b00;font-weight:bold}pre{background:#f6f6f6;padding:.5em;overflow:auto;white-space:pre-wrap}</style>
</head><body>
<h1>xs2a-kit client report</h1>
<p>${escape(summaryLine(report))}</p>
<h2>Client rules</h2>
<table><tr><th>Rule</th><th>Severity</th><th>Findings</th><th>Section</th><th>Statement</th></tr>
${rows}
</table>
<h2>Findings</h2>
${findings || '<p>No findings.</p>'}
<h2>Advice (hints, not findings)</h2>
<p>Habits stricter than the interface: reported apart, never a finding, never a failed run.</p>
<table><tr><th>Advice</th><th>Hints</th><th>Statement</th><th>Why it is advice</th></tr>
${advice}
</table>
${hints || '<p>No hints.</p>'}
</body></html>
`;
}

export function renderClientReport(format: ReportFormat, report: ClientReport): string {
  if (format === 'junit') return clientReportJunit(report);
  if (format === 'html') return clientReportHtml(report);
  return `${JSON.stringify(maskValue(report), null, 2)}\n`;
}
