#!/usr/bin/env node
/**
 * Builds the package (`src/` and the conformance catalogue `conformance/` into `dist/`) and
 * stamps the build. `--if-stale` builds only when a source, config or the lock file is newer than
 * the stamp, so `npm start` on a current build starts at once instead of compiling for seconds.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** What the build reads: a change to any of these makes the build stale. */
export const BUILD_INPUTS = [
  'src',
  'conformance',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.build.json',
];
export const STAMP = join('dist', '.build-stamp');

/** Newest modification time (ms) under the inputs; missing inputs count as nothing. */
export function newestInput(base, inputs = BUILD_INPUTS) {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stats = statSync(path);
    if (stats.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
    else newest = Math.max(newest, stats.mtimeMs);
  };
  for (const input of inputs) visit(join(base, input));
  return newest;
}

/** Whether `base`'s build is missing or older than one of its inputs. */
export function isStale(base, inputs = BUILD_INPUTS) {
  const stamp = join(base, STAMP);
  return !existsSync(stamp) || statSync(stamp).mtimeMs < newestInput(base, inputs);
}

/** Plain CommonJS files under src/ (a worker thread's script), which tsc does not emit: copied beside the build. */
function copyScripts(dir = join(root, 'src')) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) copyScripts(path);
    else if (name.endsWith('.cjs')) {
      const target = join(root, 'dist', relative(root, path));
      mkdirSync(dirname(target), { recursive: true });
      copyFileSync(path, target);
    }
  }
}

function build() {
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
  copyScripts();
  writeFileSync(join(root, STAMP), `${new Date().toISOString()}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.includes('--if-stale') && !isStale(root)) {
    process.stderr.write('xs2a-kit: the build is current (dist/); not rebuilding.\n');
  } else {
    build();
  }
}
