#!/usr/bin/env node
/**
 * Benchmark 4: the whole conformance catalogue against `--target sim`, timed from spawning
 * `xs2a-kit conformance` to its exit (goal < 15 s), with the JSON report's pass/skip/fail counts.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bin, report, root } from './lib.mjs';

const file = join(mkdtempSync(join(tmpdir(), 'xs2a-bench-')), 'conformance.json');
const started = performance.now();
const code = await new Promise((resolve, reject) => {
  const child = spawn(process.execPath, [bin, 'conformance', '--target', 'sim', '--reporter', `json:${file}`], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  child.on('error', reject);
  child.on('exit', (exit) => {
    if (exit !== 0) process.stderr.write(errors);
    resolve(exit);
  });
});
const seconds = (performance.now() - started) / 1000;
const { results } = JSON.parse(readFileSync(file, 'utf8'));
const count = (status) => results.filter((result) => result.status === status).length;
report({
  benchmark: 'conformance',
  seconds,
  exitCode: code,
  scenarios: results.length,
  passed: count('passed'),
  skipped: count('skipped'),
  failed: count('failed'),
});
