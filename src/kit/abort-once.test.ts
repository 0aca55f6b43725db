import { describe, expect, it } from 'vitest';
import { quietAfterAbort } from './abort-once.js';
import type { RunEvent, RunSummary, ScenarioResult } from './events.js';

const summary: RunSummary = {
  target: 't',
  results: [],
  passed: 1,
  failed: 0,
  inconclusive: 0,
  skipped: 1,
  errors: 0,
  durationMs: 5,
  aborted: 'gone',
};
const result = (id: string, status: ScenarioResult['status']): ScenarioResult => ({
  id,
  title: id,
  spec: '',
  area: 'identity',
  rules: [],
  status,
  observations: [],
  unchecked: [],
  exchanges: [],
  durationMs: 0,
});

describe('an abort told once on the terminal', () => {
  it('passes the run up to the abort, then only the counts, without the reason or the scenarios left unrun', () => {
    const seen: RunEvent[] = [];
    const reporter = quietAfterAbort({ onEvent: (event) => seen.push(event) });
    reporter.onEvent({ type: 'run-started', target: 't', total: 2, approvals: 0 });
    reporter.onEvent({ type: 'scenario-finished', result: result('A', 'passed') });
    reporter.onEvent({ type: 'run-aborted', reason: 'gone' });
    reporter.onEvent({ type: 'scenario-finished', result: { ...result('B', 'skipped'), reason: 'not run: gone' } });
    reporter.onEvent({ type: 'run-finished', summary });
    expect(seen.map((event) => event.type)).toEqual(['run-started', 'scenario-finished', 'run-finished']);
    expect(seen.at(-1)).toEqual({ type: 'run-finished', summary: { ...summary, aborted: undefined } });
    expect(JSON.stringify(seen)).not.toContain('gone');
  });

  it('passes a run that was not aborted as it is, and closes what it wraps', async () => {
    const seen: RunEvent[] = [];
    let closed = 0;
    const reporter = quietAfterAbort({ onEvent: (event) => seen.push(event), close: async () => void (closed += 1) });
    const finished: RunEvent = { type: 'run-finished', summary: { ...summary, aborted: undefined } };
    reporter.onEvent({ type: 'scenario-finished', result: result('B', 'skipped') });
    reporter.onEvent(finished);
    await reporter.close?.();
    expect(seen).toEqual([{ type: 'scenario-finished', result: result('B', 'skipped') }, finished]);
    expect(closed).toBe(1);
  });
});
