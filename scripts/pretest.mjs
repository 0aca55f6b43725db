#!/usr/bin/env node
/**
 * `npm test`'s checks before vitest: build (when stale), typecheck, lint and format check, the same four npm
 * scripts as always, started side by side instead of one after the other: each is one single-threaded
 * process, so one after the other they leave the second core idle. Each check's output is printed whole once it
 * ends (never interleaved), with its wall time; the exit code is 1 when any check failed.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// The build only when a source is newer than the last one: `.ci/run` (and a developer's `npm run
// build`) built it already, and a second build would cost about 20 s of the run.
const CHECKS = [['build', '--if-stale'], ['typecheck'], ['lint'], ['format:check']];

/** Runs `npm run <script>`; answers its exit code, its output (stdout and stderr as they came) and its wall time. */
function run([script, ...args]) {
  const started = Date.now();
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const child = spawn(npm, ['run', '--silent', script, ...(args.length > 0 ? ['--', ...args] : [])], {
    cwd: root,
    shell: process.platform === 'win32',
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => {
    child.on('error', (error) => resolve({ script, code: 1, output: `${error.message}\n`, ms: Date.now() - started }));
    child.on('close', (code) => resolve({ script, code: code ?? 1, output, ms: Date.now() - started }));
  });
}

const started = Date.now();
const results = await Promise.all(
  CHECKS.map((script) =>
    run(script).then((result) => {
      const seconds = (result.ms / 1000).toFixed(1);
      process.stdout.write(`${result.code === 0 ? 'ok' : 'FAILED'} ${result.script} (${seconds} s)\n${result.output}`);
      return result;
    }),
  ),
);
process.stdout.write(`pretest: ${CHECKS.length} checks in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
if (results.some((result) => result.code !== 0)) process.exitCode = 1;
