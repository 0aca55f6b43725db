import { describe, expect, it } from 'vitest';
import { countVerdicts, type RunSummary, type ScenarioStatus } from './events.js';
import { exitCodeOf } from './exit-code.js';

const run = (...statuses: ScenarioStatus[]): RunSummary => ({
  target: 't',
  results: [],
  ...countVerdicts(statuses.map((status) => ({ status }))),
  durationMs: 0,
});

describe('exit code', () => {
  it('is 0 when everything passed, was skipped or is inconclusive', () => {
    expect(exitCodeOf(run('passed', 'skipped', 'inconclusive'))).toBe(0);
  });

  it('is 1 when a scenario failed or the kit broke', () => {
    expect(exitCodeOf(run('passed', 'failed'))).toBe(1);
    expect(exitCodeOf(run('passed', 'error'))).toBe(1);
  });

  it('is 1 for an inconclusive scenario only when the run is strict', () => {
    expect(exitCodeOf(run('passed', 'inconclusive'), true)).toBe(1);
    expect(exitCodeOf(run('passed', 'skipped'), true)).toBe(0);
  });

  it('is 2 when the run stopped early, whatever ran before', () => {
    expect(exitCodeOf({ ...run('failed'), aborted: 'the target stopped answering' }, true)).toBe(2);
  });
});
