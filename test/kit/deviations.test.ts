/**
 * Proof that the kit catches deviations (issue 8 point 7): the simulator started with one named
 * break of the spec fails the scenario named for it, as a broken expectation (not a crash of the
 * kit), and the clean simulator passes every scenario the catalogue names.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../conformance/index.js';
import { runScenarios } from '../../src/kit/runner.js';
import { startSimTarget } from '../../src/kit/targets/sim.js';
import { ensureCertificates, startSandbox, type DeviationName, type SandboxOptionsInput } from '../../src/index.js';
import { DEVIATION_NAMES, DEVIATIONS } from '../../src/sim/deviations.js';
import { SandboxOptionsError } from '../../src/sim/options.js';

const root = join(import.meta.dirname, '../..');
const scenarioOf = (name: DeviationName) => catalogue.find((scenario) => scenario.id === DEVIATIONS[name].caughtBy);

// One certificate folder for every start: key generation is the slow part of a start.
let certsDir: string;
beforeAll(async () => {
  certsDir = await mkdtemp(join(tmpdir(), 'xs2a-kit-deviations-'));
  await ensureCertificates(certsDir);
});
afterAll(() => rm(certsDir, { recursive: true, force: true }));

async function runAgainst(deviations: readonly DeviationName[], ids: readonly string[]) {
  const target = await startSimTarget({ certsDir, deviations });
  try {
    return (await runScenarios({ target, scenarios: catalogue.filter((scenario) => ids.includes(scenario.id)) })).results;
  } finally {
    await target.close();
  }
}

describe('the deviations catalogue', () => {
  it('names at least 25 deviations in kebab-case, each with a rule citing the spec and a scenario of the conformance catalogue', () => {
    expect(DEVIATION_NAMES.length).toBeGreaterThanOrEqual(25);
    expect(new Set(DEVIATION_NAMES).size).toBe(DEVIATION_NAMES.length);
    for (const name of DEVIATION_NAMES) {
      expect(name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(DEVIATIONS[name].rule).toMatch(/\(.+\)\.$/);
      expect(scenarioOf(name)?.id, name).toBe(DEVIATIONS[name].caughtBy);
    }
  });

  it('startSandbox refuses a name that is not in the catalogue, before anything starts', async () => {
    const input = { certsDir, deviations: ['paging-repeats-everything'] } as unknown as SandboxOptionsInput;
    await expect(startSandbox(input)).rejects.toThrow(SandboxOptionsError);
    await expect(startSandbox(input)).rejects.toThrow('Invalid sandbox option deviations.0: paging-repeats-everything is not a deviation of src/sim/deviations.ts');
  });

  it('stays out of the CLI: no source under src/cli mentions it and the help of no command shows it', async () => {
    for (const file of await readdir(join(root, 'src/cli'), { recursive: true })) {
      if (file.endsWith('.ts')) expect(await readFile(join(root, 'src/cli', file), 'utf8'), file).not.toMatch(/deviation/i);
    }
    for (const command of [[], ['serve'], ['conformance'], ['demo'], ['certs'], ['certs', 'tpp'], ['openapi']]) {
      const { stdout } = await promisify(execFile)('node', [join(root, 'bin/xs2a-kit.js'), ...command, '--help'], { timeout: 30_000 });
      expect(stdout, command.join(' ')).toMatch(/^Usage: xs2a-kit/);
      expect(stdout, command.join(' ')).not.toMatch(/deviation/i);
    }
  });
});

describe('the kit against the simulator', () => {
  it('passes every scenario the deviations name when the simulator keeps the spec', async () => {
    const ids = [...new Set(DEVIATION_NAMES.map((name) => DEVIATIONS[name].caughtBy))];
    const results = await runAgainst([], ids);
    expect(results.map((result) => result.id).sort()).toEqual([...ids].sort());
    expect(results.filter((result) => result.status !== 'passed').map((result) => `${result.id}: ${result.failure?.message}`)).toEqual([]);
  }, 60_000);

  for (const name of DEVIATION_NAMES) {
    const { caughtBy } = DEVIATIONS[name];
    it(`fails ${caughtBy} as a broken expectation when the simulator runs with ${name}`, async () => {
      const [result] = await runAgainst([name], [caughtBy]);
      expect(result?.id).toBe(caughtBy);
      expect({ status: result?.status, kind: result?.failure?.kind }, result?.failure?.message).toEqual({ status: 'failed', kind: 'expectation' });
    }, 30_000);
  }
});
