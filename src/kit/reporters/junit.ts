/**
 * JUnit XML, the format CI systems read. A failed scenario is a `<failure>`, an error of the kit an
 * `<error>`; skips are `<skipped message="reason"/>` so a target that lacks a capability never looks
 * like a failing one, and an inconclusive scenario is `<skipped message="inconclusive: reason"/>`: it
 * neither passed nor failed, and says why.
 */
import type { Reporter, RunEvent, RunSummary, ScenarioResult } from '../events.js';
import { show } from '../failure.js';
import { exchangeLine, failureLines } from './console.js';
import { maskSummary } from './masked.js';

/** XML 1.0 text and attribute escaping; characters XML cannot carry at all are dropped. */
export function escapeXml(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const time = (ms: number) => (ms / 1000).toFixed(3);

/** What a testcase holds besides its name: nothing for a pass, else the verdict's element. */
function verdictElement(result: ScenarioResult): string {
  if (result.status === 'skipped') return `\n      <skipped message="${escapeXml(result.reason ?? '')}"/>`;
  if (result.status === 'inconclusive')
    return `\n      <skipped message="${escapeXml(`inconclusive: ${result.reason ?? ''}`)}"/>`;
  if (!result.failure) return '';
  const tag = result.failure.kind === 'error' ? 'error' : 'failure';
  // The message leads with the rule broken, as CI systems show the message first.
  const lead =
    result.failure.kind === 'expectation' && result.rules.length > 0
      ? `breaks ${result.rules.map((rule) => rule.id).join(', ')}: ${result.failure.message}`
      : result.failure.message;
  return `\n      <${tag} message="${escapeXml(lead)}" type="${result.failure.kind}">${escapeXml(failureLines(result).join('\n'))}</${tag}>`;
}

function testcase(area: string, result: ScenarioResult): string {
  const open = `    <testcase classname="xs2a.${escapeXml(area)}" name="${escapeXml(`${result.id} ${result.title}`)}" time="${time(result.durationMs)}">`;
  const out = [
    `spec: ${result.spec}`,
    ...result.rules.filter((rule) => rule.statement).map((rule) => `${rule.id}: ${rule.statement}`),
    ...(result.status === 'inconclusive' && result.exchange ? [exchangeLine(result.exchange)] : []),
    ...result.observations.map((o) => `observed ${o.point}: ${show(o.value)}`),
    ...result.unchecked.map((u) => `not checked: ${u.check} (${u.reason})`),
  ];
  return `${open}${verdictElement(result)}\n      <system-out>${escapeXml(out.join('\n'))}</system-out>\n    </testcase>`;
}

/** Counts as JUnit has them: inconclusive scenarios are among the skipped. */
function counts(results: readonly ScenarioResult[]) {
  return {
    failures: results.filter((result) => result.status === 'failed').length,
    errors: results.filter((result) => result.status === 'error').length,
    skipped: results.filter((result) => result.status === 'skipped' || result.status === 'inconclusive').length,
  };
}

export function junitXml(raw: RunSummary): string {
  const summary = maskSummary(raw);
  const byArea = new Map<string, ScenarioResult[]>();
  for (const result of summary.results) byArea.set(result.area, [...(byArea.get(result.area) ?? []), result]);
  const suites = [...byArea].map(([area, results]) => {
    const { failures, errors, skipped } = counts(results);
    const duration = results.reduce((sum, result) => sum + result.durationMs, 0);
    return `  <testsuite name="${escapeXml(area)}" tests="${results.length}" failures="${failures}" errors="${errors}" skipped="${skipped}" time="${time(duration)}">\n${results.map((result) => testcase(area, result)).join('\n')}\n  </testsuite>`;
  });
  // A run that stopped early (or never started) says why, as one more errored case CI cannot miss.
  if (summary.aborted !== undefined) {
    suites.push(
      `  <testsuite name="run" tests="1" failures="0" errors="1" skipped="0" time="0.000">\n    <testcase classname="xs2a.run" name="the run" time="0.000">\n      <error message="${escapeXml(`nothing ${summary.results.length > 0 ? 'more ' : ''}ran: ${summary.aborted}`)}" type="aborted"/>\n    </testcase>\n  </testsuite>`,
    );
  }
  const total = counts(summary.results);
  const errors = total.errors + (summary.aborted === undefined ? 0 : 1);
  const tests = summary.results.length + (summary.aborted === undefined ? 0 : 1);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="xs2a-kit conformance (${escapeXml(summary.target)})" tests="${tests}" failures="${total.failures}" errors="${errors}" skipped="${total.skipped}" time="${(summary.durationMs / 1000).toFixed(3)}">\n${suites.join('\n')}\n</testsuites>\n`;
}

export function junitReporter(write: (text: string) => Promise<void>): Reporter {
  let summary: RunSummary | undefined;
  return {
    onEvent(event: RunEvent) {
      if (event.type === 'run-finished') summary = event.summary;
    },
    async close() {
      if (summary) await write(junitXml(summary));
    },
  };
}
