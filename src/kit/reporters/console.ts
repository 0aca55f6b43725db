/**
 * Console reporter: on a TTY one line per scenario that is rewritten in place while it runs (live
 * progress); without a TTY (CI logs) plain lines only, no control characters.
 */
import type { FailureExchange, Reporter, RunEvent, RunSummary, ScenarioResult } from '../events.js';
import { show } from '../failure.js';
import { maskResult } from './masked.js';

export interface ConsoleSink {
  write(text: string): void;
  readonly isTTY: boolean;
  /** Terminal width: a progress line longer than this would wrap, and `\r` could not take it back. */
  readonly columns?: number | undefined;
}

const MARK = { passed: 'PASS', failed: 'FAIL', inconclusive: 'INCONCLUSIVE', skipped: 'SKIP', error: 'ERROR' } as const;

function fitTo(text: string, columns: number | undefined): string {
  return columns && columns > 10 && text.length > columns - 1 ? text.slice(0, columns - 2) : text;
}

/** How unstable the target was, when it was at all: the share of 5xx answers and the broken connections. */
export function transportLine(summary: RunSummary): string | undefined {
  const transport = summary.transport;
  if (!transport || (transport.serverErrors === 0 && transport.connectionFailures === 0)) return undefined;
  const rate = transport.answers === 0 ? 0 : (100 * transport.serverErrors) / transport.answers;
  return `the target answered ${transport.serverErrors} of ${transport.answers} requests with 5xx (${rate.toFixed(1)}%), ${transport.connectionFailures} broke without an answer; ${transport.retries} retried`;
}

/**
 * What is said first when the kit itself broke (issue 39): an error is the kit's, never a failure of
 * the target, and a report with one must not be read as the target's result alone.
 */
export function kitErrorsLine(summary: Pick<RunSummary, 'errors'>): string | undefined {
  if (summary.errors === 0) return undefined;
  return `The kit itself broke in ${summary.errors === 1 ? '1 scenario' : `${summary.errors} scenarios`} (errors of the kit, not failures of the target): those scenarios say nothing about the target; report them to the kit's maintainers with the error lines above.`;
}

/**
 * The run in one line: `N passed, N failed, N inconclusive, N skipped, N errors in T s`, how unstable
 * the target was if it was, and why it stopped early if it did.
 */
export function resultLine(summary: RunSummary): string {
  const counts = `${summary.passed} passed, ${summary.failed} failed, ${summary.inconclusive} inconclusive, ${summary.skipped} skipped, ${summary.errors} errors in ${(summary.durationMs / 1000).toFixed(1)} s`;
  const unstable = transportLine(summary);
  const line = unstable === undefined ? counts : `${counts}; ${unstable}`;
  return summary.aborted === undefined ? line : `${line}; aborted: ${summary.aborted}`;
}

export function exchangeLine(exchange: FailureExchange): string {
  const status = exchange.status === 0 ? 'no answer' : String(exchange.status);
  return `exchange: ${exchange.request} → ${status}${exchange.body === undefined ? '' : ` ${show(exchange.body)}`}`;
}

/**
 * A verdict other than passed as people read it: a failure leads with the rule the target breaks (an
 * error with the kit's own), an inconclusive with what could not run; then the exchange it was seen in.
 */
export function failureLines(result: ScenarioResult): string[] {
  const lines: string[] = [];
  const failure = result.failure;
  if (result.status === 'inconclusive') {
    lines.push(`inconclusive: ${result.reason ?? ''}`);
    if (result.exchange) lines.push(exchangeLine(result.exchange));
    return lines;
  }
  if (!failure) return [];
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
  if (failure.exchange) lines.push(exchangeLine(failure.exchange));
  return lines;
}

/** One scenario's lines: the verdict, its details indented, what was observed and what could not be checked. */
export function resultLines(raw: ScenarioResult): string {
  const result = maskResult(raw);
  let line = `${MARK[result.status]} ${result.id} ${result.title}`;
  if (result.status === 'skipped') line += ` — skipped: ${result.reason}`;
  const details = failureLines(result);
  if (details.length > 0) line += `\n${details.map((text) => `     ${text}`).join('\n')}`;
  for (const observation of result.observations)
    line += `\n     observed ${observation.point}: ${show(observation.value)}`;
  // An inconclusive made of unchecked checks says them in its reason already.
  if (!(result.status === 'inconclusive' && result.reason?.startsWith('not checked: ')))
    for (const { check, reason } of result.unchecked) line += `\n     not checked: ${check} (${reason})`;
  return line;
}

export function consoleReporter(sink: ConsoleSink): Reporter {
  let done = 0;
  let total = 0;
  const clear = sink.isTTY ? '\r\x1b[2K' : '';
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
        case 'scenario-finished':
          done += 1;
          sink.write(`${clear}${resultLines(event.result)}\n`);
          return;
        case 'run-aborted':
          sink.write(`${clear}ABORTED: ${event.reason}\n`);
          return;
        case 'run-finished': {
          // Kit errors first: whoever reads the last lines must not take them for the target's.
          const kit = kitErrorsLine(event.summary);
          sink.write(`\n${kit === undefined ? '' : `${kit}\n`}${resultLine(event.summary)}\n`);
          return;
        }
      }
    },
  };
}
