/** JSON report for machines: every scenario with its failure, observations and exchanges, masked. */
import type { Reporter, RunEvent, RunSummary } from '../events.js';
import { maskSummary } from './masked.js';

export function jsonReport(summary: RunSummary): string {
  return `${JSON.stringify({ tool: 'xs2a-kit conformance', ...maskSummary(summary) }, null, 2)}\n`;
}

export function jsonReporter(write: (text: string) => Promise<void>): Reporter {
  let summary: RunSummary | undefined;
  return {
    onEvent(event: RunEvent) {
      if (event.type === 'run-finished') summary = event.summary;
    },
    async close() {
      if (summary) await write(jsonReport(summary));
    },
  };
}
