/**
 * JSON report for machines: every scenario with its verdict, failure, observations and what could not
 * be checked, masked. Exchanges are the evidence of a verdict that is not a pass, so by default only
 * failed, inconclusive and errored scenarios keep theirs (a run of the whole catalogue stays a few
 * megabytes); `full` keeps every scenario's.
 */
import type { Reporter, RunEvent, RunSummary, ScenarioResult } from '../events.js';
import { maskSummary } from './masked.js';

export interface JsonOptions {
  /** Keep the exchanges of passed and skipped scenarios too. */
  full?: boolean;
}

/** Whether a result's exchanges are evidence a reader needs: anything but a pass or a skip. */
export function keepsExchanges(result: Pick<ScenarioResult, 'status'>): boolean {
  return result.status === 'failed' || result.status === 'inconclusive' || result.status === 'error';
}

export function jsonReport(summary: RunSummary, options: JsonOptions = {}): string {
  const masked = maskSummary(summary);
  const results = options.full
    ? masked.results
    : masked.results.map((result) => (keepsExchanges(result) ? result : { ...result, exchanges: [] }));
  return `${JSON.stringify({ tool: 'xs2a-kit conformance', ...masked, results }, null, 2)}\n`;
}

export function jsonReporter(write: (text: string) => Promise<void>, options: JsonOptions = {}): Reporter {
  let summary: RunSummary | undefined;
  return {
    onEvent(event: RunEvent) {
      if (event.type === 'run-finished') summary = event.summary;
    },
    async close() {
      if (summary) await write(jsonReport(summary, options));
    },
  };
}
