/**
 * Mutation testing (`npm run mutate`): the conformance catalogue is the test suite of the simulator.
 * One test per scenario, named `<id> <title>`, so Stryker's per-test coverage runs only the scenarios
 * that reach a mutant.
 *
 * Only the simulator is taken from `src/` (Stryker's sandbox copy, mutated, transformed by vitest);
 * the judge — runner, sim target, catalogue and the contract they check against — comes from the
 * real project's build (`dist/`, built by `npm run mutate` from the same commit), so no mutant can
 * change how answers are judged.
 *
 * A mutant is caught when a scenario fails, or when a scenario's report changes: on the points the
 * interface leaves open the kit observes instead of failing, and what the sandbox chooses there is
 * its declared interpretation (docs/interpretations.md), so a changed observation is a changed simulator. The dry run
 * records every scenario's observations; each mutant run compares against them.
 *
 * Not run by `npm test`: only `vitest.mutation.config.ts` includes `*.mutation.ts`.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, inject, it } from 'vitest';
import type { Scenario } from '../../src/kit/scenario.js';

type RunnerModule = typeof import('../../src/kit/runner.js');
type SimTargetModule = typeof import('../../src/kit/targets/sim.js');
type CatalogueModule = typeof import('../../conformance/index.js');
type ProfileModule = typeof import('../../src/contract/profile.js');

/** Real-time limit of one scenario; Stryker's own timeout normally ends a hanging mutant first. */
const SCENARIO_TIMEOUT_MS = 20_000;

/** Where every scenario's sandbox clock starts: a Tuesday, so no weekend or holiday sits at the start. */
const CLOCK_START = '2026-11-24T10:00:00.000Z';

type StartSandbox = typeof import('../../src/sim/sandbox.js').startSandbox;

/**
 * An observation as a comparable line: object keys sorted, ids the sandbox draws at random (UUIDs)
 * left out, so only what the simulator chose remains.
 */
function stable(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  ).replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>');
}

/**
 * The real project folder (not Stryker's sandbox copy under `.stryker-tmp/`): `XS2A_KIT_ROOT` when
 * the npm script set it, else the nearest folder upwards whose package.json is xs2a-kit's and which
 * is not inside `.stryker-tmp`.
 */
function projectRoot(): string {
  const fromEnv = process.env.XS2A_KIT_ROOT;
  if (fromEnv) return resolve(fromEnv);
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (!dir.split(sep).includes('.stryker-tmp') && existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === 'xs2a-kit') return dir;
      } catch {
        // not a readable manifest: keep walking up
      }
    }
    const parent = dirname(dir);
    if (parent === dir)
      throw new Error(
        `no xs2a-kit project folder above ${fileURLToPath(import.meta.url)} outside .stryker-tmp (set XS2A_KIT_ROOT)`,
      );
    dir = parent;
  }
}

interface Judge {
  root: string;
  runner: RunnerModule;
  sim: SimTargetModule;
  scenarios: readonly Scenario[];
  profileModule: ProfileModule;
}

/** The kit and the catalogue from the build; an error here fails the run loudly instead of collecting no tests. */
async function loadJudge(): Promise<Judge> {
  const root = projectRoot();
  const built = (path: string) => {
    const file = join(root, 'dist', path);
    if (!existsSync(file)) throw new Error(`${file} is missing: build first (npm run build; npm run mutate does)`);
    return pathToFileURL(file).href;
  };
  const runner = (await import(built('src/kit/runner.js'))) as RunnerModule;
  const sim = (await import(built('src/kit/targets/sim.js'))) as SimTargetModule;
  const { catalogue } = (await import(built('conformance/index.js'))) as CatalogueModule;
  const profileModule = (await import(built('src/contract/profile.js'))) as ProfileModule;
  return { root, runner, sim, scenarios: catalogue, profileModule };
}

let judge: Judge | undefined;
let judgeError: unknown;
try {
  judge = await loadJudge();
} catch (error) {
  judgeError = error;
}

/**
 * Each scenario runs twice: against the default bank profile, and against the profile with the
 * second value of every setting, so a mutant in a branch only another profile takes is seen too.
 * A setting with a third value (`required`, `none`, a larger limit) is played once more, by the
 * profile of every third value, but only by the scenarios that enforce the setting's open point
 * (its `OPEN-n` rule): no other scenario meets what that value changes, and running all of them a
 * third time would cost every start-up mutant another full pass.
 * The other names put `/non-default` or `/third` right after the id, so no name contains another.
 */
const PROFILES = ['default', 'non-default', 'third'] as const;
type ProfileRun = (typeof PROFILES)[number];
const testName = (scenario: Scenario, profile: ProfileRun) =>
  profile === 'default' ? `${scenario.id} ${scenario.title}` : `${scenario.id}/${profile} ${scenario.title}`;

if (!judge) {
  it('loads the conformance kit and catalogue from dist/', () => {
    throw judgeError;
  });
} else {
  const { root, runner, sim, scenarios, profileModule } = judge;
  const nonDefault = {
    settings: Object.fromEntries(profileModule.SETTINGS.map((definition) => [definition.name, definition.values[1]!])),
  };
  const withThird = profileModule.SETTINGS.filter((definition) => definition.values.length > 2);
  const third = {
    settings: Object.fromEntries(withThird.map((definition) => [definition.name, definition.values[2]!])),
  };
  // `rule` reads `OPEN-1 (Consent request: …)`: the id is its first word.
  const thirdRules = new Set(withThird.map((definition) => definition.rule.split(' ')[0]!));
  const runsOf = (profile: ProfileRun): readonly Scenario[] =>
    profile === 'third'
      ? scenarios.filter((scenario) => scenario.rules.some((rule) => thirdRules.has(rule)))
      : scenarios;
  const profileOf = (profile: ProfileRun) =>
    profile === 'default' ? {} : { profile: profile === 'third' ? third : nonDefault };
  const names = PROFILES.flatMap((profile) => runsOf(profile).map((scenario) => testName(scenario, profile)));
  const duplicates = names.filter((name, index) => names.indexOf(name) !== index);
  // Stryker selects tests by an unanchored match of their names: one name inside another would run both.
  const nested = names.filter((name) => names.some((other) => other !== name && other.includes(name)));
  const baselineFile = join(root, '.stryker-tmp', 'observations.json');
  // Stryker's vitest runner provides 'mode': 'mutant' while a mutant is active; the dry run (and a
  // plain vitest run) records the unchanged simulator's observations for the mutant runs to compare.
  const mutantRun = (inject as (key: string) => unknown)('mode') === 'mutant';
  const seen: Record<string, string[]> = {};
  let baseline: Record<string, string[]> = {};

  let startSandbox: StartSandbox | undefined;
  let certsDir = '';
  let startError: unknown;

  beforeAll(async () => {
    try {
      if (scenarios.length === 0) throw new Error('the catalogue from dist/ holds no scenarios');
      if (withThird.length > 0 && runsOf('third').length === 0)
        throw new Error(`no scenario enforces ${[...thirdRules].join(', ')}: the third values would go unplayed`);
      if (duplicates.length > 0) throw new Error(`test names must be unique; repeated: ${duplicates.join(', ')}`);
      if (nested.length > 0) throw new Error(`no test name may contain another; contained: ${nested.join(', ')}`);
      // One certificate folder per Stryker worker, made on first use and kept: no key generation per mutant.
      certsDir = join(root, '.stryker-tmp', 'certs', `worker-${process.env.STRYKER_MUTATOR_WORKER ?? 'local'}`);
      mkdirSync(certsDir, { recursive: true });
      // The simulator under test: imported here (not at the top), so a mutant that breaks loading fails the tests.
      ({ startSandbox } = await import('../../src/sim/sandbox.js'));
      if (mutantRun) baseline = JSON.parse(readFileSync(baselineFile, 'utf8')) as Record<string, string[]>;
    } catch (error) {
      startError = error;
    }
  }, 60_000);

  afterAll(() => {
    if (!mutantRun && startError === undefined) {
      mkdirSync(dirname(baselineFile), { recursive: true });
      writeFileSync(baselineFile, JSON.stringify(seen));
    }
  });

  for (const profile of PROFILES)
    for (const scenario of runsOf(profile)) {
      const key = profile === 'default' ? scenario.id : `${scenario.id}/${profile}`;
      it(testName(scenario, profile), async () => {
        if (startError !== undefined) throw startError;
        if (!startSandbox) throw new Error('the simulator did not load');
        // A sandbox of its own for every scenario, its clock starting at one fixed instant: a scenario
        // meets the same simulator whichever scenarios run before it, so its observations are its own.
        const target = await sim.startSimTarget({
          certsDir,
          startSandbox,
          clockStart: CLOCK_START,
          ...profileOf(profile),
        });
        try {
          const summary = await runner.runScenarios({
            target,
            scenarios: [scenario],
            scenarioTimeoutMs: SCENARIO_TIMEOUT_MS,
          });
          const [result] = summary.results;
          if (summary.results.length !== 1 || !result)
            throw new Error(`${scenario.id}: the runner returned ${summary.results.length} results`);
          // Every verdict but passed kills: a failure, an error, and an inconclusive one (a check that
          // could not run against the simulator, which runs every check when unchanged), named as such.
          if (result.status !== 'passed') {
            const why = result.failure
              ? `${result.status} (${result.failure.kind}): ${result.failure.message}`
              : `${result.status}: ${result.reason ?? ''}`;
            throw new Error(`${scenario.id} ${why}`);
          }
          const observed = [
            ...result.observations.map((item) => `observed ${item.point}: ${stable(item.value)}`),
            ...result.unchecked.map((item) => `unchecked ${item.check}: ${item.reason}`),
          ];
          if (!mutantRun) seen[key] = observed;
          else {
            // The scenario passed, but what it reports of the simulator's choices on the open points changed:
            // the catalogue has seen the mutant (the sandbox's choices are its declared interpretations).
            const expected = baseline[key] ?? [];
            const changed = observed.filter((line) => !expected.includes(line));
            if (changed.length > 0 || observed.length !== expected.length)
              throw new Error(
                `${scenario.id}: the report changed: ${changed.join('; ') || `${expected.length} observations before, ${observed.length} now`}`,
              );
          }
        } finally {
          await target.close();
        }
      });
    }
}
