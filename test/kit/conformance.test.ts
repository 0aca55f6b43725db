import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../conformance/index.js';
import type { ScenarioResult } from '../../src/kit/events.js';
import { runScenarios } from '../../src/kit/runner.js';
import { startSimTarget } from '../../src/kit/targets/sim.js';
import type { Target } from '../../src/kit/target.js';

let target: Target;
let results: ScenarioResult[];

beforeAll(async () => {
  target = await startSimTarget();
  results = (await runScenarios({ target, scenarios: catalogue })).results;
}, 120_000);
afterAll(() => target.close());

const describeFailure = (result: ScenarioResult) => `${result.id}: ${result.failure?.message}`;

describe('the catalogue against the sim target', () => {
  it('runs every scenario of the catalogue exactly once', () => {
    expect(results.map((result) => result.id)).toEqual(catalogue.map((scenario) => scenario.id));
  });

  it('passes every scenario: the sim target has every capability, so nothing is skipped', () => {
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
