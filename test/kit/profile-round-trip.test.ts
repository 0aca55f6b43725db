/**
 * Issue "Bank profiles", done when: a sandbox serving a profile, observed by the kit, writes back
 * the same value for every setting the kit observes (at least 80% of them), and the whole catalogue
 * passes — for every built-in profile and for one with the non-default value of every setting.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../conformance/index.js';
import { builtInSettings, SETTINGS, type Settings } from '../../src/contract/profile.js';
import type { RunSummary } from '../../src/kit/events.js';
import { runScenarios } from '../../src/kit/runner.js';
import { startSimTarget } from '../../src/kit/targets/sim.js';

const SEED = 1234;
const nonDefault = Object.fromEntries(
  SETTINGS.map((definition) => [definition.name, definition.values[1]!]),
) as Settings;

const PROFILES: [string, string | { settings: Settings }, Settings][] = [
  ['default', 'default', builtInSettings('default', SEED)],
  ['strict', 'strict', builtInSettings('strict', SEED)],
  ['lenient', 'lenient', builtInSettings('lenient', SEED)],
  [`random (seed ${SEED})`, 'random', builtInSettings('random', SEED)],
  ['the non-default value of every setting', { settings: nonDefault }, nonDefault],
];

let certsDir: string;
beforeAll(async () => {
  certsDir = await mkdtemp(join(tmpdir(), 'xs2a-kit-profiles-'));
});
afterAll(() => rm(certsDir, { recursive: true, force: true }));

describe.each(PROFILES)('the kit against a sandbox serving %s', (_name, profile, served) => {
  let summary: RunSummary;
  beforeAll(async () => {
    const target = await startSimTarget({ profile, seed: SEED, certsDir });
    try {
      summary = await runScenarios({ target, scenarios: catalogue });
    } finally {
      await target.close();
    }
  }, 300_000);

  it('fails nothing in the whole catalogue: no choice on an open point fails a target', () => {
    const failed = summary.results
      .filter((result) => result.status === 'failed' || result.status === 'error' || result.status === 'skipped')
      .map((result) => `${result.id}: ${result.failure?.message ?? result.reason}`);
    expect(failed).toEqual([]);
  });

  it('leaves a check unmade only where the choice made it impossible, and says which', () => {
    // A payment maximum below the amounts a scenario observes the daily sum with leaves that question open.
    const inconclusive = summary.results
      .filter((result) => result.status === 'inconclusive')
      .map((result) => `${result.id}: ${result.reason}`);
    expect(inconclusive.filter((line) => !/^[A-Z0-9-]+: not checked: /.test(line))).toEqual([]);
  });

  it('writes back the served value of every setting it observed, and observes at least 80% of the settings', () => {
    const observed = summary.settings ?? {};
    const differing = Object.entries(observed).filter(([name, value]) => served[name] !== value);
    expect(differing).toEqual([]);
    expect(Object.keys(observed).length / SETTINGS.length).toBeGreaterThanOrEqual(0.8);
  });
});
