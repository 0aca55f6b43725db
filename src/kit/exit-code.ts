/**
 * The exit code of a run: 0 when nothing failed or errored, 1 when a scenario failed or the kit
 * broke (and, for a certification run with `strict`, when a scenario is inconclusive: a check that
 * could not run is no proof), 2 when the run stopped early or never started.
 */
import type { RunSummary } from './events.js';

export function exitCodeOf(summary: RunSummary, strict = false): 0 | 1 | 2 {
  if (summary.aborted !== undefined) return 2;
  if (summary.failed > 0 || summary.errors > 0) return 1;
  return strict && summary.inconclusive > 0 ? 1 : 0;
}
