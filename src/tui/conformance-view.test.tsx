import { render } from 'ink-testing-library';
import { expect, it } from 'vitest';
import { ConformanceView, progressBar } from './conformance-view.js';
import { idleConformance } from './state.js';

it('shows the count, a bar, the scenario running, failures first and then the latest results with their verdicts', () => {
  const run = {
    ...idleConformance,
    phase: 'running' as const,
    target: 'sim',
    total: 4,
    passed: 1,
    failed: 1,
    inconclusive: 1,
    skipped: 0,
    current: 'limits.budget-resets',
    finished: [
      {
        id: 'paging.pages',
        status: 'inconclusive' as const,
        detail: 'consent creation answered 500; see AIS-CONSENT-004',
      },
      { id: 'limits.429', status: 'failed' as const, detail: 'expected 429, got 200' },
      { id: 'consents.create', status: 'passed' as const, detail: 'creates' },
    ],
    failures: [{ id: 'limits.429', status: 'failed' as const, detail: 'expected 429, got 200' }],
  };
  const lines = render(<ConformanceView run={run} height={16} width={80} color={false} />)
    .lastFrame()!
    .split('\n')
    .map((line) => line.trimEnd());
  expect(lines[0]).toMatch(/^── Conformance catalogue ─+ own sandbox ──$/);
  expect(lines[0]).toHaveLength(80);
  expect(lines.slice(1)).toEqual([
    '3/4 running limits.budget-resets',
    `${progressBar(3, 4, 32)} 1 passed 1 failed 1 inconclusive 0 skipped`,
    'FAIL limits.429: expected 429, got 200',
    'inco paging.pages: consent creation answered 500; see AIS-CONSENT-004',
    'pass consents.create',
    'c or Esc: back to the panes (the run goes on)',
  ]);
});

it('draws a bar in proportion', () => {
  expect(progressBar(1, 4, 8)).toBe('[##......]');
  expect(progressBar(0, 0, 4)).toBe('[....]');
});

it('tells when the run could not complete', () => {
  const run = {
    ...idleConformance,
    phase: 'error' as const,
    error: 'the conformance catalogue is missing from the build',
  };
  expect(render(<ConformanceView run={run} height={16} width={80} color={false} />).lastFrame()).toContain(
    'The run could not complete: the conformance catalogue is missing from the build',
  );
});

it('says how long a finished run took', () => {
  const run = { ...idleConformance, phase: 'finished' as const, target: 'sim', total: 2, passed: 2, durationMs: 6400 };
  const lines = render(<ConformanceView run={run} height={16} width={80} color={false} />)
    .lastFrame()!
    .split('\n');
  expect(lines[1]?.trimEnd()).toBe('2/2 finished in 6.4 s');
});
