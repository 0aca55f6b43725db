/**
 * The kit's revoked-certificate identity scenarios: the sim target checks revocation and offers a
 * revoked and a suspended QWAC, so both pass; a target that offers none skips them with the reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../conformance/index.js';
import { runScenarios } from '../../src/kit/runner.js';
import { startSimTarget } from '../../src/kit/targets/sim.js';
import type { Target } from '../../src/kit/target.js';

const IDS = ['ID-DETAIL-015', 'ID-DETAIL-016'];
const scenarios = catalogue.filter((scenario) => IDS.includes(scenario.id));
let target: Target;

beforeAll(async () => {
  target = await startSimTarget();
});
afterAll(() => target.close());

describe('revoked and suspended QWACs (capability revoked-certificates)', () => {
  it('both scenarios are in the catalogue and pass against the sim, which refuses the two certificates', async () => {
    expect(scenarios.map((scenario) => scenario.id)).toEqual(IDS);
    const { results } = await runScenarios({ target, scenarios });
    expect(results.map((result) => [result.id, result.status, result.failure?.message ?? result.reason])).toEqual([
      ['ID-DETAIL-015', 'passed', undefined],
      ['ID-DETAIL-016', 'passed', undefined],
    ]);
  });

  it('a target without the capability skips them, naming it', async () => {
    const capabilities = new Set(target.capabilities);
    capabilities.delete('revoked-certificates');
    const { results } = await runScenarios({
      target: { ...target, capabilities, revokedCertificates: undefined },
      scenarios,
    });
    expect(results.map((result) => result.status)).toEqual(['skipped', 'skipped']);
    expect(results[0]!.reason).toContain('revoked or suspended');
  });
});
