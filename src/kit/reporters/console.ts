/**
 * Console reporter: on a TTY one line per scenario that is rewritten in place while it runs (live
 * progress); without a TTY (CI logs) plain lines only, no control characters.
 */
import type { Reporter, RunEvent, RunSummary, ScenarioResult } from '../events.js';
import { show } from '../failure.js';
import { maskResult } from './masked.js';

export interface ConsoleSink {
  write(text: string): void;
  readonly isTTY: boolean;
  /** Terminal width: a progress line longer than this would wrap, and `\r` could not take it back. */
  readonly columns?: number | undefined;
}

const MARK = { passed: 'PASS', failed: 'FAIL', skipped: 'SKIP' } as const;

function fitTo(text: string, columns: number | undefined): string {
  return columns && columns > 10 && text.length > columns - 1 ? text.slice(0, columns - 2) : text;
}

/** The run in one line: `N passed, N failed, N skipped in T s`, and why it stopped early if it did. */
export function resultLine(summary: RunSummary): string {
  const counts = `${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped in ${(summary.durationMs / 1000).toFixed(1)} s`;
  return summary.aborted === undefined ? counts : `${counts}; aborted: ${summary.aborted}`;
}

/**
 * A failure as people read it: first the rule the target breaks (or the error of the run), then
 * what was expected and seen, then the exchange it was seen in.
 */
export function failureLines(result: ScenarioResult): string[] {
  const failure = result.failure;
  if (!failure) return [];
  const lines: string[] = [];
  if (failure.kind === 'expectation') {
    for (const rule of result.rules)
      lines.push(
        `breaks ${rule.id}${rule.section ? ` (${rule.section})` : ''}${rule.statement ? `: ${rule.statement}` : ''}`,
      );
    if (result.rules.length === 0) lines.push(`spec: ${result.spec}`);
    lines.push(failure.message);
  } else {
    lines.push(`error: ${failure.message}`);
  }
  if (failure.exchange)
    lines.push(
      `exchange: ${failure.exchange.request} → ${failure.exchange.status}${failure.exchange.body === undefined ? '' : ` ${show(failure.exchange.body)}`}`,
    );
  return lines;
}

export function consoleReporter(sink: ConsoleSink): Reporter {
  let done = 0;
  let total = 0;
  return {
    onEvent(event: RunEvent) {
      switch (event.type) {
        case 'run-started':
          total = event.total;
          sink.write(`Target ${event.target}: ${event.total} scenarios\n`);
          return;
        case 'scenario-started':
          if (sink.isTTY)
            sink.write(
              `\r\x1b[2K${fitTo(`[${done + 1}/${total}] ${event.scenario.id} ${event.scenario.title}`, sink.columns)}…`,
            );
          return;
        case 'observation':
          return;
        case 'scenario-passed':
        case 'scenario-failed':
        case 'scenario-skipped': {
          done += 1;
          const result = maskResult(event.result);
          const prefix = sink.isTTY ? '\r\x1b[2K' : '';
          let line = `${prefix}${MARK[result.status]} ${result.id} ${result.title}`;
          if (result.status === 'skipped') line += ` — skipped: ${result.reason}`;
          if (result.failure)
            line += `\n${failureLines(result)
              .map((text) => `     ${text}`)
              .join('\n')}`;
          for (const observation of result.observations)
            line += `\n     observed ${observation.point}: ${show(observation.value)}`;
          for (const { check, reason } of result.unchecked) line += `\n     not checked: ${check} (${reason})`;
          sink.write(`${line}\n`);
          return;
        }
        case 'run-aborted': {
          sink.write(`${sink.isTTY ? '\r\x1b[2K' : ''}ABORTED: ${event.reason}\n`);
          return;
        }
        case 'run-finished': {
          const { summary } = event;
          sink.write(`\n${resultLine(summary)}\n`);
          return;
        }
      }
    },
  };
}
