/**
 * JUnit XML, the format CI systems read. Skips are `<skipped message="reason"/>` so a target that
 * lacks a capability never looks like a failing one (a capability the target lacks is not a failure of the target).
 */
import type { Reporter, RunEvent, RunSummary } from '../events.js';
import { show } from '../failure.js';
import { failureLines } from './console.js';
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

export function junitXml(raw: RunSummary): string {
  const summary = maskSummary(raw);
  const byArea = new Map<string, typeof summary.results>();
  for (const result of summary.results) byArea.set(result.area, [...(byArea.get(result.area) ?? []), result]);
  const suites = [...byArea].map(([area, results]) => {
    const time = (ms: number) => (ms / 1000).toFixed(3);
    const cases = results.map((result) => {
      const open = `    <testcase classname="xs2a.${escapeXml(area)}" name="${escapeXml(`${result.id} ${result.title}`)}" time="${time(result.durationMs)}">`;
      const out = [
        `spec: ${result.spec}`,
        ...result.rules.filter((rule) => rule.statement).map((rule) => `${rule.id}: ${rule.statement}`),
        ...result.observations.map((o) => `observed ${o.point}: ${show(o.value)}`),
        ...result.unchecked.map((u) => `not checked: ${u.check} (${u.reason})`),
      ];
      const props = `\n      <system-out>${escapeXml(out.join('\n'))}</system-out>`;
      if (result.status === 'skipped')
        return `${open}\n      <skipped message="${escapeXml(result.reason ?? '')}"/>${props}\n    </testcase>`;
      if (result.failure) {
        const tag = result.failure.kind === 'error' ? 'error' : 'failure';
        // The message leads with the rule broken, as CI systems show the message first.
        const lead =
          result.failure.kind === 'expectation' && result.rules.length > 0
            ? `breaks ${result.rules.map((rule) => rule.id).join(', ')}: ${result.failure.message}`
            : result.failure.message;
        return `${open}\n      <${tag} message="${escapeXml(lead)}" type="${result.failure.kind}">${escapeXml(failureLines(result).join('\n'))}</${tag}>${props}\n    </testcase>`;
      }
      return `${open}${props}\n    </testcase>`;
    });
    const count = (status: string) => results.filter((result) => result.status === status).length;
    const failures = results.filter((result) => result.failure?.kind === 'expectation').length;
    const errors = results.filter((result) => result.failure?.kind === 'error').length;
    const duration = results.reduce((sum, result) => sum + result.durationMs, 0);
    return `  <testsuite name="${escapeXml(area)}" tests="${results.length}" failures="${failures}" errors="${errors}" skipped="${count('skipped')}" time="${time(duration)}">\n${cases.join('\n')}\n  </testsuite>`;
  });
  // A run that stopped early (or never started) says why, as one more errored case CI cannot miss.
  if (summary.aborted !== undefined) {
    suites.push(
      `  <testsuite name="run" tests="1" failures="0" errors="1" skipped="0" time="0.000">\n    <testcase classname="xs2a.run" name="the run" time="0.000">\n      <error message="${escapeXml(`nothing ${summary.results.length > 0 ? 'more ' : ''}ran: ${summary.aborted}`)}" type="aborted"/>\n    </testcase>\n  </testsuite>`,
    );
  }
  const failures = summary.results.filter((result) => result.failure?.kind === 'expectation').length;
  const errors =
    summary.results.filter((result) => result.failure?.kind === 'error').length +
    (summary.aborted === undefined ? 0 : 1);
  const tests = summary.results.length + (summary.aborted === undefined ? 0 : 1);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="xs2a-kit conformance (${escapeXml(summary.target)})" tests="${tests}" failures="${failures}" errors="${errors}" skipped="${summary.skipped}" time="${(summary.durationMs / 1000).toFixed(3)}">\n${suites.join('\n')}\n</testsuites>\n`;
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
