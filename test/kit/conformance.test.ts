import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../conformance/index.js';
import type { ScenarioResult } from '../../src/kit/events.js';
import { approvalsNeeded, runScenarios } from '../../src/kit/runner.js';
import { AREAS, CAPABILITIES, type Capability } from '../../src/kit/scenario.js';
import { startSimTarget } from '../../src/kit/targets/sim.js';
import type { Target } from '../../src/kit/target.js';

let target: Target;
let results: ScenarioResult[];

beforeAll(async () => {
  target = await startSimTarget();
  results = (await runScenarios({ target, scenarios: catalogue })).results;
}, 120_000);
afterAll(() => target.close());

const describeFailure = (result: ScenarioResult) =>
  `${result.id} ${result.status}: ${result.failure?.message ?? result.reason}`;

describe('the catalogue', () => {
  it('holds at least 80 scenarios with unique ids', () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(80);
    expect(new Set(catalogue.map((scenario) => scenario.id)).size).toBe(catalogue.length);
  });

  it('has scenarios in every area', () => {
    const empty = AREAS.filter((area) => !catalogue.some((scenario) => scenario.area === area));
    expect(empty).toEqual([]);
  });

  it('cites a spec section for every scenario', () => {
    expect(catalogue.filter((scenario) => scenario.spec.trim().length < 5).map((scenario) => scenario.id)).toEqual([]);
  });

  it('counts one approval per shared consent, so a full manual run asks for fewer approvals than one consent per scenario', () => {
    const all = new Set(Object.keys(CAPABILITIES) as Capability[]);
    const sharing = catalogue.filter((scenario) => scenario.shares.length > 0);
    const keys = new Set(sharing.flatMap((scenario) => scenario.shares));
    expect(sharing.length).toBeGreaterThan(keys.size);
    const own = catalogue.reduce((sum, scenario) => sum + scenario.approvals, 0);
    expect(approvalsNeeded(catalogue, all)).toBe(own + keys.size);
  });

  it('gives shared consents only to scenarios that ask for no approval of their own, but for the three that read beside their own', () => {
    // A scenario that shares only reads; one that spends budget, revokes or deletes makes its own consent.
    // These three approve something of their own that cannot touch the shared consent (a consent for
    // other accounts; a one-off consent, which never supersedes; payments) and read through the shared one.
    const readingBeside = ['ERR-001', 'AIS-DATA-011', 'PIS-CONTENT-001'];
    expect(
      catalogue
        .filter((scenario) => scenario.shares.length > 0 && scenario.approvals > 0)
        .map((scenario) => scenario.id),
    ).toEqual(readingBeside);
  });
});

describe('the catalogue against the sim target', () => {
  it('runs every scenario of the catalogue exactly once', () => {
    expect(results.map((result) => result.id)).toEqual(catalogue.map((scenario) => scenario.id));
  });

  it('passes every scenario: the sim target has every capability, so nothing is skipped, inconclusive or failed', () => {
    expect(results.filter((result) => result.status !== 'passed').map(describeFailure)).toEqual([]);
  });

  it('records exchanges for every scenario, with secrets masked', () => {
    expect(results.every((result) => result.exchanges.length > 0)).toBe(true);
    const text = JSON.stringify(results);
    expect(text).not.toContain('BEGIN PRIVATE KEY');
    expect(text).not.toMatch(/"secret":"[0-9a-f]{64}"/);
    expect(text).not.toContain('anna-1234');
  });
});
