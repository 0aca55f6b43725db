import { describe, expect, it } from 'vitest';
import { fakeTarget } from '../../test/helpers/fake-target.js';
import type { RunEvent } from './events.js';
import { fail } from './failure.js';
import { approvalsNeeded, runScenarios } from './runner.js';
import { scenario } from './scenario.js';
import type { Target } from './target.js';

const passing = scenario({
  id: 'T-PASS-001',
  title: 'passes',
  spec: 's',
  rules: [],
  area: 'identity',
  expect: {},
  run: async (ctx) => ctx.observe('point', 7),
});
const failing = scenario({
  id: 'T-FAIL-001',
  title: 'fails',
  spec: 's',
  rules: [],
  area: 'identity',
  expect: { status: 429 },
  run: async (_ctx, e) => fail(`status: expected ${e.status}, got 200`),
});
const erroring = scenario({
  id: 'T-ERR-001',
  title: 'errors',
  spec: 's',
  rules: [],
  area: 'identity',
  expect: {},
  run: async () => {
    throw new Error('boom');
  },
});
const needsClock = scenario({
  id: 'T-CLOCK-001',
  title: 'needs the clock',
  spec: 's',
  rules: [],
  area: 'limits',
  needs: ['clock'],
  approvals: 2,
  expect: {},
  run: async () => {},
});
const undeclared = scenario({
  id: 'T-UNDECL-001',
  title: 'uses the clock without saying so',
  spec: 's',
  rules: [],
  area: 'limits',
  expect: {},
  run: async (ctx) => void ctx.clock(),
});

describe('runner', () => {
  it('skips a scenario whose capability the target lacks, with the reason, and never runs it', async () => {
    const events: RunEvent[] = [];
    const summary = await runScenarios({
      target: fakeTarget([]),
      scenarios: [needsClock],
      reporters: [{ onEvent: (e) => events.push(e) }],
    });
    expect(summary.results[0]).toMatchObject({
      id: 'T-CLOCK-001',
      status: 'skipped',
      reason: expect.stringContaining('(clock)'),
    });
    expect(summary.results[0]!.reason).toContain('(sca)');
    expect(events.map((e) => e.type)).toEqual(['run-started', 'scenario-finished', 'run-finished']);
  });

  it('runs the same scenario when the target has the capabilities', async () => {
    const summary = await runScenarios({ target: fakeTarget(['clock', 'sca']), scenarios: [needsClock] });
    expect(summary.results[0]!.status).toBe('passed');
  });

  it('hands wrong codes only to a driver that can enter them, and skips the scenario on a target whose driver cannot', async () => {
    const asked: unknown[] = [];
    const driver = (wrongCodes: boolean): Target['sca'] => ({
      name: 'fake',
      wrongCodes,
      authorise: async (request) => (asked.push(request.wrongCodes), { location: null }),
    });
    const wrong = scenario({
      id: 'T-WRONG-001',
      title: 'wrong codes',
      spec: 's',
      rules: [],
      area: 'sca',
      approvals: 1,
      needs: ['sca-wrong-code'],
      expect: {},
      run: async (ctx) =>
        void (await ctx.authorise('https://bank.example/sca', {
          authorisationId: 'a-1',
          wrongCodes: 3,
          status: async () => 'received',
        })),
    });
    const able = await runScenarios({
      target: { ...fakeTarget(['sca', 'sca-wrong-code']), sca: driver(true) },
      scenarios: [wrong],
    });
    expect(able.results[0]!.status).toBe('passed');
    expect(asked).toEqual([3]);
    const unable = await runScenarios({ target: { ...fakeTarget(['sca']), sca: driver(false) }, scenarios: [wrong] });
    expect(unable.results[0]).toMatchObject({ status: 'skipped', reason: expect.stringContaining('(sca-wrong-code)') });
    // A target that claims the capability with a driver that cannot: inconclusive, never a silent approval.
    const claimed = await runScenarios({
      target: { ...fakeTarget(['sca', 'sca-wrong-code']), sca: driver(false) },
      scenarios: [wrong],
    });
    expect(claimed.results[0]).toMatchObject({
      status: 'inconclusive',
      reason: expect.stringContaining('sca-wrong-code'),
    });
    expect(asked).toEqual([3]);
  });

  it('does not count a person’s wait against the scenario’s limit; a driver that needs nobody gets none of that', async () => {
    const slow = (waitsForPeople: boolean): Target['sca'] => ({
      name: waitsForPeople ? 'manual' : 'slow',
      waitsForPeople,
      authorise: async (request) => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        expect(request.scenario).toBe('T-SCA-001 a ceremony');
        expect(request.signal?.aborted).toBe(false);
        return { location: null };
      },
    });
    const ceremony = scenario({
      id: 'T-SCA-001',
      title: 'a ceremony',
      spec: 's',
      rules: [],
      area: 'sca',
      approvals: 1,
      needs: ['sca'],
      expect: {},
      run: async (ctx) =>
        void (await ctx.authorise('https://bank.example/sca', {
          authorisationId: 'a-1',
          status: async () => 'received',
        })),
    });
    const person = await runScenarios({
      target: { ...fakeTarget(['sca']), sca: slow(true) },
      scenarios: [ceremony],
      scenarioTimeoutMs: 100,
    });
    expect(person.results[0]!.status).toBe('passed');
    const machine = await runScenarios({
      target: { ...fakeTarget(['sca']), sca: slow(false) },
      scenarios: [ceremony],
      scenarioTimeoutMs: 100,
    });
    expect(machine.results[0]).toMatchObject({
      status: 'inconclusive',
      reason: "the scenario did not finish within 100 ms of the kit's own time",
    });
  });

  it('an interrupted run ends the scenario under way, runs no more, and says why in its summary', async () => {
    const interrupt = new AbortController();
    const waiting = scenario({
      id: 'T-WAIT-001',
      title: 'waits',
      spec: 's',
      rules: [],
      area: 'identity',
      expect: {},
      run: async () => {
        setTimeout(() => interrupt.abort('SIGINT'), 10);
        await new Promise((resolve) => setTimeout(resolve, 60_000).unref());
      },
    });
    const events: RunEvent[] = [];
    const summary = await runScenarios({
      target: fakeTarget([]),
      scenarios: [waiting, passing],
      reporters: [{ onEvent: (event) => void events.push(event) }],
      interrupt: interrupt.signal,
    });
    expect(summary.results.map(({ id, status, reason }) => [id, status, reason])).toEqual([
      ['T-WAIT-001', 'inconclusive', 'interrupted before the scenario finished (SIGINT)'],
      ['T-PASS-001', 'skipped', 'not run: interrupted (SIGINT): the scenarios after it were not run'],
    ]);
    expect(summary.aborted).toBe('interrupted (SIGINT): the scenarios after it were not run');
    expect(events.map((event) => event.type)).toContain('run-aborted');
    expect(events.at(-1)!.type).toBe('run-finished');
  });

  it('tells a broken expectation (failed) from an error of the kit (error), and counts each apart', async () => {
    const summary = await runScenarios({ target: fakeTarget([]), scenarios: [passing, failing, erroring] });
    expect(summary.results.map((r) => [r.status, r.failure?.kind])).toEqual([
      ['passed', undefined],
      ['failed', 'expectation'],
      ['error', 'error'],
    ]);
    expect(summary.results[1]!.failure!.message).toBe('status: expected 429, got 200');
    expect([summary.passed, summary.failed, summary.inconclusive, summary.skipped, summary.errors]).toEqual([
      1, 1, 0, 0, 1,
    ]);
  });

  it('emits observations as events and keeps them on the result, never as failures', async () => {
    const events: RunEvent[] = [];
    const summary = await runScenarios({
      target: fakeTarget([]),
      scenarios: [passing],
      reporters: [{ onEvent: (e) => events.push(e) }],
    });
    expect(events.find((e) => e.type === 'observation')).toMatchObject({ observation: { point: 'point', value: 7 } });
    expect(summary.results[0]).toMatchObject({ status: 'passed', observations: [{ point: 'point', value: 7 }] });
  });

  it('errors a scenario that uses a capability it did not declare, even on a target that has it', async () => {
    const summary = await runScenarios({ target: fakeTarget(['clock']), scenarios: [undeclared] });
    expect(summary.results[0]!.status).toBe('error');
    expect(summary.results[0]!.failure).toMatchObject({
      kind: 'error',
      message: expect.stringContaining('without declaring'),
    });
  });

  it('counts the approvals of the scenarios the target can run, and an approval implies the sca need', () => {
    expect(needsClock.needs).toEqual(['clock', 'sca']);
    expect(approvalsNeeded([needsClock, passing], new Set(['clock', 'sca']))).toBe(2);
    expect(approvalsNeeded([needsClock, passing], new Set())).toBe(0);
  });

  it('makes a shared resource once per run for every scenario that declares its key, and counts one approval for it', async () => {
    let made = 0;
    const reader = (id: string) =>
      scenario({
        id,
        title: id,
        spec: 's',
        rules: [],
        area: 'ais-data',
        shares: ['consent'],
        expect: {},
        run: async (ctx) => ctx.observe('value', await ctx.shared('consent', async () => `consent-${++made}`)),
      });
    const summary = await runScenarios({
      target: fakeTarget(['sca']),
      scenarios: [reader('T-SHARE-001'), reader('T-SHARE-002')],
    });
    expect(made).toBe(1);
    expect(summary.results.map((r) => r.observations[0]!.value)).toEqual(['consent-1', 'consent-1']);
    expect(reader('T-SHARE-003').needs).toEqual(['sca']);
    expect(approvalsNeeded([reader('T-SHARE-001'), reader('T-SHARE-002'), needsClock], new Set(['clock', 'sca']))).toBe(
      3,
    );
  });

  it('makes a shared resource again when the kept one no longer serves, and says so', async () => {
    let made = 0;
    const reader = (id: string) =>
      scenario({
        id,
        title: id,
        spec: 's',
        rules: [],
        area: 'ais-data',
        shares: ['consent'],
        expect: {},
        run: async (ctx) =>
          void (await ctx.shared(
            'consent',
            async () => ++made,
            async (value) => value > 1,
          )),
      });
    const summary = await runScenarios({
      target: fakeTarget(['sca']),
      scenarios: [reader('T-SHARE-001'), reader('T-SHARE-002'), reader('T-SHARE-003')],
    });
    expect(made).toBe(2);
    expect(summary.results.map((r) => r.observations.length)).toEqual([0, 1, 0]);
  });

  it('errors a scenario that uses a shared key it did not declare', async () => {
    const sneaky = scenario({
      id: 'T-SHARE-004',
      title: 'shares without saying so',
      spec: 's',
      rules: [],
      area: 'ais-data',
      expect: {},
      run: async (ctx) => void (await ctx.shared('consent', async () => 1)),
    });
    const summary = await runScenarios({ target: fakeTarget([]), scenarios: [sneaky] });
    expect(summary.results[0]!.failure).toMatchObject({
      kind: 'error',
      message: expect.stringContaining('without declaring it in shares'),
    });
  });
});
