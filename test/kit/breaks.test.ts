/**
 * Proof that the kit catches breaks of the spec (issue 8 point 7): a copy of the built simulator
 * with one break of test/breaks/breaks.ts patched in fails the scenario named for it, as a broken
 * expectation (not a crash of the kit), and the clean simulator passes every scenario the breaks
 * name. The simulator itself carries no trace of them, so neither does its CLI.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../conformance/index.js';
import { runScenarios } from '../../src/kit/runner.js';
import { startSimTarget } from '../../src/kit/targets/sim.js';
import { ensureCertificates, type startSandbox } from '../../src/index.js';
import { applyBreak, BreakPatchError, compileBreak } from '../breaks/apply-break.js';
import { BREAKS, type Break } from '../breaks/breaks.js';

const root = join(import.meta.dirname, '../..');

// One certificate folder for every start: key generation is the slow part of a start.
let certsDir: string;
beforeAll(async () => {
  certsDir = await mkdtemp(join(tmpdir(), 'xs2a-kit-breaks-'));
  await ensureCertificates(certsDir);
});
afterAll(() => rm(certsDir, { recursive: true, force: true }));

async function runAgainst(simulator: typeof startSandbox | undefined, ids: readonly string[]) {
  const target = await startSimTarget({ certsDir, ...(simulator ? { startSandbox: simulator } : {}) });
  try {
    return (await runScenarios({ target, scenarios: catalogue.filter((scenario) => ids.includes(scenario.id)) })).results;
  } finally {
    await target.close();
  }
}

describe('the breaks', () => {
  it('are named once each, in kebab-case, each with a rule citing the spec and a scenario of the conformance catalogue', () => {
    expect(BREAKS.length).toBeGreaterThanOrEqual(25);
    expect(new Set(BREAKS.map((brk) => brk.name)).size).toBe(BREAKS.length);
    const ids = new Set(catalogue.map((scenario) => scenario.id));
    for (const { name, rule, caughtBy } of BREAKS) {
      expect(name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(rule, name).toMatch(/\(.+\)\.$/);
      expect(ids.has(caughtBy), `${name}: ${caughtBy}`).toBe(true);
    }
  });

  it('each apply to the simulator as it is: every snippet occurs once in its file, and the patched files compile', async () => {
    for (const brk of BREAKS) {
      const outputs = await compileBreak(brk);
      expect(outputs.size, brk.name).toBeGreaterThan(0);
    }
  });

  it('are refused with the break, the file and the snippet named when the source no longer has the snippet once', async () => {
    const stale = { name: 'stale-patch', rule: 'None (Nowhere).', caughtBy: 'ID-CERT-001', file: 'src/sim/api/app.ts', replace: '' };
    await expect(applyBreak({ ...stale, find: 'a snippet the simulator does not have' })).rejects.toThrow(BreakPatchError);
    await expect(applyBreak({ ...stale, find: 'a snippet the simulator does not have' })).rejects.toThrow(
      'Break stale-patch: the snippet to find occurs 0 times in src/sim/api/app.ts, not exactly once',
    );
    await expect(applyBreak({ ...stale, find: 'const ' })).rejects.toThrow(/^Break stale-patch: the snippet to find occurs \d+ times in src\/sim\/api\/app\.ts/);
  });

  it('stay out of the CLI: the help of no command mentions a deviation or a break', async () => {
    for (const command of [[], ['serve'], ['conformance'], ['demo'], ['certs'], ['certs', 'tpp'], ['openapi']]) {
      const { stdout } = await promisify(execFile)('node', [join(root, 'bin/xs2a-kit.js'), ...command, '--help'], { timeout: 30_000 });
      expect(stdout, command.join(' ')).toMatch(/^Usage: xs2a-kit/);
      expect(stdout, command.join(' ')).not.toMatch(/deviation|break/i);
    }
  });
});

describe('the kit against the simulator', () => {
  it('passes every scenario the breaks name when the simulator keeps the spec', async () => {
    const ids = [...new Set(BREAKS.map((brk) => brk.caughtBy))];
    const results = await runAgainst(undefined, ids);
    expect(results.map((result) => result.id).sort()).toEqual([...ids].sort());
    expect(results.filter((result) => result.status !== 'passed').map((result) => `${result.id}: ${result.failure?.message}`)).toEqual([]);
  }, 60_000);

  const caught = async (brk: Break) => {
    const [result] = await runAgainst(await applyBreak(brk), [brk.caughtBy]);
    expect(result?.id).toBe(brk.caughtBy);
    expect({ status: result?.status, kind: result?.failure?.kind }, result?.failure?.message).toEqual({ status: 'failed', kind: 'expectation' });
  };
  for (const brk of BREAKS) {
    it(`fails ${brk.caughtBy} as a broken expectation when the simulator is patched with ${brk.name}`, () => caught(brk), 60_000);
  }
});
