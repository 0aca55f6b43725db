/**
 * Console reporter: on a TTY one line per scenario that is rewritten in place while it runs (live
 * progress); without a TTY (CI logs) plain lines only, no control characters.
 */
import type { Reporter, RunEvent } from '../events.js';
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
          if (sink.isTTY) sink.write(`\r\x1b[2K${fitTo(`[${done + 1}/${total}] ${event.scenario.id} ${event.scenario.title}`, sink.columns)}…`);
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
          if (result.failure) line += `\n     ${result.failure.kind === 'error' ? 'error: ' : ''}${result.failure.message}\n     spec: ${result.spec}`;
          for (const observation of result.observations) line += `\n     observed ${observation.point}: ${show(observation.value)}`;
          sink.write(`${line}\n`);
          return;
        }
        case 'run-finished': {
          const { summary } = event;
          sink.write(`\n${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped in ${(summary.durationMs / 1000).toFixed(1)} s\n`);
          return;
        }
      }
    },
  };
}
