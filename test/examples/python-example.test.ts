/**
 * examples/python/ runs as a Python developer runs it: `python3 -m pytest` in a clone, which starts
 * `xs2a-kit serve` from bin/ on free ports, waits on GET /sandbox/health, runs a consent flow with
 * requests over mutual TLS and checks the request journal, and runs a careful client under
 * `--faults client-check` whose client report stays empty. It needs Python 3 with pytest and
 * requests (Debian's python3-pytest and python3-requests; .ci/run installs them); a missing one
 * fails here with the way to install it, never as a pass.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const run = promisify(execFile);
const example = fileURLToPath(new URL('../../examples/python/', import.meta.url));

try {
  execFileSync('python3', ['-c', 'import pytest, requests'], { stdio: 'ignore' });
} catch {
  throw new Error(
    'No python3 with pytest and requests: install them with `apt-get install python3-pytest python3-requests`.',
  );
}

it('passes its six tests against sandboxes it starts itself (one with the client-check faults), and leaves nothing behind in its folder', async () => {
  const before = readdirSync(example).sort();
  // Bytecode and pytest's cache would land in the example's folder; the example's pytest.ini turns the cache off.
  // Plugins installed on the machine stay out too (pytest-benchmark, for one, writes .benchmarks/ there):
  // the example needs none.
  const env = { ...process.env, PYTHONDONTWRITEBYTECODE: '1', PYTEST_DISABLE_PLUGIN_AUTOLOAD: '1' };
  const { stdout } = await run('python3', ['-m', 'pytest', '-v', '--color=no', example], { env, cwd: example }).catch(
    (error: { code: number; stdout: string; stderr: string }) => {
      throw new Error(`pytest exited with ${error.code}:\n${error.stdout}\n${error.stderr}`);
    },
  );
  for (const name of [
    'test_a_consent_approved_by_anna_reads_her_balances',
    'test_the_journal_shows_what_the_client_sent_and_what_it_was_answered',
    'test_the_journal_finds_a_refused_request_by_status_and_endpoint_template',
    'test_a_filter_the_journal_cannot_read_is_400_format_error_naming_it',
    'test_clearing_the_journal_empties_it',
  ])
    expect(stdout).toMatch(new RegExp(`test_consent_flow\\.py::${name} PASSED`));
  // Issue 39: a careful client in a second language, every client-check fault met, an empty client report.
  expect(stdout).toMatch(
    /test_careful_client\.py::test_a_careful_client_meets_every_client_check_fault_and_the_report_stays_empty PASSED/,
  );
  expect(stdout).toMatch(/\b6 passed\b/);
  expect(readdirSync(example).sort()).toEqual(before);
}, 120_000);

it('stops serve when XS2A_KIT starts it through a wrapper that does not pass SIGTERM on, as npx does', async () => {
  const work = mkdtempSync(join(tmpdir(), 'xs2a-python-wrapper-'));
  const wrapper = join(work, 'like-npx.sh');
  const pidFile = join(work, 'serve.pid');
  // Like npm under npx: serve runs as the wrapper's child, and a SIGTERM to the wrapper is not passed on.
  writeFileSync(
    wrapper,
    `#!/bin/sh\n"${process.execPath}" "${join(process.cwd(), 'bin', 'xs2a-kit.js')}" "$@" &\necho $! >"${pidFile}"\nwait $!\n`,
    { mode: 0o755 },
  );
  const env = {
    ...process.env,
    PYTHONDONTWRITEBYTECODE: '1',
    PYTEST_DISABLE_PLUGIN_AUTOLOAD: '1',
    XS2A_KIT: wrapper,
  };
  const { stdout } = await run(
    'python3',
    ['-m', 'pytest', '-v', '--color=no', '-k', 'test_clearing_the_journal_empties_it', example],
    { env, cwd: example },
  ).catch((error: { code: number; stdout: string; stderr: string }) => {
    throw new Error(`pytest exited with ${error.code}:\n${error.stdout}\n${error.stderr}`);
  });
  expect(stdout).toMatch(/\b1 passed\b/);
  const pid = Number(readFileSync(pidFile, 'utf8'));
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const stillRunning = alive();
  if (stillRunning) process.kill(pid, 'SIGKILL');
  expect(stillRunning).toBe(false);
}, 60_000);
