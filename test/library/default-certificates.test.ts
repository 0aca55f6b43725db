/**
 * `startSandbox()` without `certsDir` writes nothing into the project it runs in: its certificates
 * go to the user's cache, where every later start (and every other project) finds them again.
 * Run as a user's test runs: a fresh process in a project folder, with its own home.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const entry = fileURLToPath(new URL('../../dist/src/index.js', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'xs2a-default-certs-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const START = `
const { startSandbox } = await import(process.argv[1]);
const sandbox = await startSandbox({ log: () => {} });
console.log(JSON.stringify({ dir: sandbox.certificates.dir, created: sandbox.createdCertificates.length }));
await sandbox.close();
`;

async function startIn(project: string, home: string): Promise<{ dir: string; created: number }> {
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', START, entry], {
    cwd: project,
    env: { ...process.env, HOME: home, USERPROFILE: home },
  });
  return JSON.parse(stdout) as { dir: string; created: number };
}

describe('the library’s certificate folder by default', () => {
  it('is in the user’s cache, not the project: created once, then found by every project', async () => {
    const home = join(root, 'home');
    const project = mkdtempSync(join(root, 'project-'));
    const first = await startIn(project, home);
    expect(first).toEqual({ dir: join(home, '.cache', 'xs2a-kit', 'certs'), created: 6 });
    expect(readdirSync(project)).toEqual([]);
    expect(existsSync(join(home, '.cache', 'xs2a-kit', 'certs', 'ca.crt'))).toBe(true);
    const another = mkdtempSync(join(root, 'project-'));
    expect(await startIn(another, home)).toEqual({ dir: first.dir, created: 0 });
    expect(readdirSync(another)).toEqual([]);
  }, 60_000);
});
