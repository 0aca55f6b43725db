/**
 * The same target gets the same verdicts on every run (a verdict a bank can sign cannot depend on the
 * machine's load): the whole catalogue twice against one simulator, the second time with every core
 * taken (by busy processes, as many as the machine's load leaves cores idle), every verdict the same —
 * and what CB-RETRY-003 measures of the callback backoff too, the check that used to race real time.
 * (A run beside one busy process was dropped: it met less contention than the run beside two and cost
 * a catalogue run of the suite.)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, contractRules, rules } from '../../conformance/index.js';
import type { RunSummary } from '../../src/kit/events.js';
import { runScenarios } from '../../src/kit/runner.js';
import { startSimTarget } from '../../src/kit/targets/sim.js';
import type { Target } from '../../src/kit/target.js';
import { ruleOwners } from '../../src/kit/verdict.js';

let target: Target;
const runs: RunSummary[] = [];

/** A process that keeps one CPU busy until it is killed. */
const busy = (): ChildProcess => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });

/**
 * How many busy processes make at least as many runnable processes as cores compete with the run:
 * as many as the cores the machine's load leaves idle. Alone, that is one a core; in the suite the
 * other test files already load the cores, and busy processes there only slow them down.
 */
const busyNeeded = () => Math.max(0, availableParallelism() - Math.floor(loadavg()[0]!));

beforeAll(async () => {
  target = await startSimTarget();
  const run = () => runScenarios({ target, scenarios: catalogue, rules, contractRules, owners: ruleOwners(catalogue) });
  runs.push(await run());
  const children = Array.from({ length: busyNeeded() }, busy);
  try {
    runs.push(await run());
  } finally {
    for (const child of children) child.kill();
  }
}, 600_000);
afterAll(() => target?.close());

const verdicts = (summary: RunSummary) =>
  Object.fromEntries(summary.results.map((result) => [result.id, result.status]));
const backoff = (summary: RunSummary) =>
  summary.results.find((result) => result.id === 'CB-RETRY-003')?.observations.find((o) => o.point.startsWith('waits'));

describe('the catalogue run twice against one simulator, the second time under CPU load', () => {
  it('gives every scenario the same verdict each time', () => {
    expect(runs).toHaveLength(2);
    expect(verdicts(runs[1]!)).toEqual(verdicts(runs[0]!));
    expect(runs.map((summary) => summary.passed)).toEqual(runs.map(() => catalogue.length));
  });

  it('measures the same callback backoff each time', () => {
    expect(backoff(runs[0]!)?.value).toEqual([30, 60]);
    expect(runs.map((summary) => backoff(summary)?.value)).toEqual(runs.map(() => [30, 60]));
  });
});
