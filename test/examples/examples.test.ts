/**
 * The two projects in examples/ run as their users would run them: type-checked with their own
 * strict tsconfig, then their own vitest tests against the sandbox. Their node_modules link to
 * this checkout (`xs2a-kit` to its root, which serves the build through the package's exports;
 * everything else to the packages this checkout has), so nothing is fetched from a registry.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const tsc = join(root, 'node_modules/typescript/bin/tsc');
const vitest = join(root, 'node_modules/vitest/vitest.mjs');

function linkModules(project: string): void {
  const modules = join(project, 'node_modules');
  rmSync(modules, { recursive: true, force: true });
  mkdirSync(modules);
  for (const name of readdirSync(join(root, 'node_modules'))) {
    if (!name.startsWith('.')) symlinkSync(join(root, 'node_modules', name), join(modules, name), 'dir');
  }
  symlinkSync(root, join(modules, 'xs2a-kit'), 'dir');
}

async function passes(project: string, before: string[][] = []): Promise<string> {
  linkModules(project);
  for (const step of before) await run(process.execPath, step, { cwd: project });
  const types = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: project }).catch(
    (error: { stdout?: string }) => ({ stdout: error.stdout ?? String(error) }),
  );
  expect(types.stdout).toBe('');
  const tests = await run(process.execPath, [vitest, 'run'], { cwd: project, env: { ...process.env, CI: 'true' } });
  // startSandbox() keeps its certificates in the user's cache: a project's test run writes none into it.
  expect(existsSync(join(project, 'certs'))).toBe(false);
  return tests.stdout.replace(/\u001b\[[0-9;]*m/g, '');
}

describe('examples/', () => {
  it('tpp-client: a TPP client with its own vitest tests and setup file against startSandbox', async () => {
    expect(await passes(join(root, 'examples/tpp-client'))).toMatch(/Tests\s+3 passed/);
  }, 120_000);

  it('berlin-group-client: a client generated from the Berlin Group 1.3.12 definition runs a consent, accounts and payment flow', async () => {
    const project = join(root, 'examples/berlin-group-client');
    expect(await passes(project, [['scripts/generate.mjs']])).toMatch(/Tests\s+1 passed/);
  }, 120_000);
});
