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
 * Not run by `npm test`: only `vitest.mutation.config.ts` includes `*.mutation.ts`.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, it } from 'vitest';
import type { Scenario } from '../../src/kit/scenario.js';
import type { Target } from '../../src/kit/target.js';

type RunnerModule = typeof import('../../src/kit/runner.js');
type SimTargetModule = typeof import('../../src/kit/targets/sim.js');
type CatalogueModule = typeof import('../../conformance/index.js');

/** Real-time limit of one scenario; Stryker's own timeout normally ends a hanging mutant first. */
const SCENARIO_TIMEOUT_MS = 20_000;

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
    if (parent === dir) throw new Error(`no xs2a-kit project folder above ${fileURLToPath(import.meta.url)} outside .stryker-tmp (set XS2A_KIT_ROOT)`);
    dir = parent;
  }
}

interface Judge {
  root: string;
  runner: RunnerModule;
  sim: SimTargetModule;
  scenarios: readonly Scenario[];
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
  return { root, runner, sim, scenarios: catalogue };
}

let judge: Judge | undefined;
let judgeError: unknown;
try {
  judge = await loadJudge();
} catch (error) {
  judgeError = error;
}

const testName = (scenario: Scenario) => `${scenario.id} ${scenario.title}`;

if (!judge) {
  it('loads the conformance kit and catalogue from dist/', () => {
    throw judgeError;
  });
} else {
  const { root, runner, sim, scenarios } = judge;
  const names = scenarios.map(testName);
  const duplicates = names.filter((name, index) => names.indexOf(name) !== index);
  // Stryker selects tests by an unanchored match of their names: one name inside another would run both.
  const nested = names.filter((name) => names.some((other) => other !== name && other.includes(name)));

  let target: Target | undefined;
  let startError: unknown;

  // Awaited here, so the start-up's coverage is static (every start-up mutant runs all scenarios)
  // and never lands on the first test. An error fails every test with it: never zero tests run.
  beforeAll(async () => {
    try {
      if (scenarios.length === 0) throw new Error('the catalogue from dist/ holds no scenarios');
      if (duplicates.length > 0) throw new Error(`test names must be unique; repeated: ${duplicates.join(', ')}`);
      if (nested.length > 0) throw new Error(`no test name may contain another; contained: ${nested.join(', ')}`);
      // One certificate folder per Stryker worker, made on first use and kept: no key generation per mutant.
      const certsDir = join(root, '.stryker-tmp', 'certs', `worker-${process.env.STRYKER_MUTATOR_WORKER ?? 'local'}`);
      mkdirSync(certsDir, { recursive: true });
      // The simulator under test: imported here (not at the top), so a mutant that breaks loading fails the tests.
      const { startSandbox } = await import('../../src/sim/sandbox.js');
      target = await sim.startSimTarget({ certsDir, startSandbox });
    } catch (error) {
      startError = error;
    }
  }, 60_000);

  afterAll(async () => {
    await target?.close();
  });

  for (const scenario of scenarios) {
    it(testName(scenario), async () => {
      if (startError !== undefined) throw startError;
      if (!target) throw new Error('the sim target did not start');
      const summary = await runner.runScenarios({ target, scenarios: [scenario], scenarioTimeoutMs: SCENARIO_TIMEOUT_MS });
      const [result] = summary.results;
      if (summary.results.length !== 1 || !result) throw new Error(`${scenario.id}: the runner returned ${summary.results.length} results`);
      if (result.status === 'passed') return;
      const why = result.status === 'skipped' ? `skipped: ${result.reason ?? ''}` : `${result.failure?.kind ?? 'failed'}: ${result.failure?.message ?? ''}`;
      throw new Error(`${scenario.id} ${why}`);
    });
  }
}
