#!/usr/bin/env node
/**
 * `npm run mutate [-- FILE|GLOB… ] [-- stryker options]`: mutation testing of the simulator with the
 * conformance catalogue as its test suite (stryker.config.mjs).
 *
 * Builds first (`npm run build`), so the judge loaded from dist/ is from the same commit as the
 * simulator that is mutated. Files or globs given mutate only those (as Stryker's `--mutate`, unit
 * tests beside the sources left out); every other argument goes to Stryker as it is
 * (`--concurrency 1`, `--ignoreStatic`, `--incremental`, `--force`, `--logLevel debug`, …).
 * The exit code is Stryker's (or the build's, when the build fails).
 *
 *   npm run mutate -- src/sim/rules/budget.ts src/contract/money.ts
 *   npm run mutate -- 'src/sim/ledger/*.ts' --ignoreStatic
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { constants } from 'node:os';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Stryker options that take no value (stryker-cli.js of @stryker-mutator/core 9); all others take one. */
const FLAGS = new Set([
  '--ignoreStatic',
  '--incremental',
  '--allowEmpty',
  '--force',
  '--dryRunOnly',
  '--disableBail',
  '--inPlace',
]);

/** Splits the arguments into mutate patterns and arguments for Stryker. */
export function splitArguments(args, base = root) {
  const patterns = [];
  const passThrough = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--') continue;
    if (arg.startsWith('-')) {
      passThrough.push(arg);
      // `--option value`: the value is Stryker's, not a file.
      const next = args[i + 1];
      if (!arg.includes('=') && !FLAGS.has(arg) && next !== undefined && !next.startsWith('-'))
        passThrough.push(args[++i]);
      continue;
    }
    // Stryker matches patterns relative to the project folder, with forward slashes.
    let pattern = isAbsolute(arg) ? relative(base, arg) : arg;
    pattern = pattern
      .split(sep)
      .join('/')
      .replace(/^(\.\/)+/, '');
    patterns.push(pattern);
  }
  return { patterns, passThrough };
}

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.error) throw result.error;
  return result.status ?? 128 + (result.signal ? (constants.signals[result.signal] ?? 0) : 0);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { patterns, passThrough } = splitArguments(process.argv.slice(2));
  const withComma = patterns.filter((pattern) => pattern.includes(','));
  if (withComma.length > 0) {
    process.stderr.write(
      `mutate: Stryker's --mutate splits at commas; give these as separate patterns: ${withComma.join(' ')}\n`,
    );
    process.exit(2);
  }
  // A plain file name (no glob, an optional `:line-line` range) that does not exist is a typo, not an empty run.
  const missing = patterns.filter(
    (pattern) =>
      !pattern.startsWith('!') &&
      !/[*?[\]{}]/.test(pattern) &&
      !existsSync(join(root, pattern.replace(/:\d[\d:-]*$/, ''))),
  );
  if (missing.length > 0) {
    process.stderr.write(`mutate: no such file: ${missing.join(' ')}\n`);
    process.exit(2);
  }

  const started = Date.now();
  // `npm run build`, through the npm that runs this script when there is one.
  const npm = process.env.npm_execpath;
  const built = npm
    ? run(process.execPath, [npm, 'run', 'build'])
    : run(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build']);
  if (built !== 0) process.exit(built);

  // The package's exports hide bin/: find it beside its package.json.
  const stryker = join(
    dirname(createRequire(import.meta.url).resolve('@stryker-mutator/core/package.json')),
    'bin',
    'stryker.js',
  );
  const mutate = patterns.length > 0 ? ['--mutate', [...patterns, '!**/*.test.ts', '!**/*.test.tsx'].join(',')] : [];
  const args = [stryker, 'run', join(root, 'stryker.config.mjs'), ...mutate, ...passThrough];
  process.stderr.write(`mutate: stryker run stryker.config.mjs ${[...mutate, ...passThrough].join(' ')}\n`);
  // The test file finds the real project (and its dist/) from here, not from Stryker's sandbox copy.
  const status = run(process.execPath, args, { ...process.env, XS2A_KIT_ROOT: root });
  process.stderr.write(`mutate: done in ${((Date.now() - started) / 1000).toFixed(0)} s (exit code ${status})\n`);
  process.exit(status);
}
