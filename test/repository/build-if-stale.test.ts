/**
 * `npm start` rebuilds only a stale build: the stamp written by `npm run build` is compared with
 * every input of the build, so a current build starts at once and any edit rebuilds.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain ES module script without type declarations
import { isStale, STAMP } from '../../scripts/build.mjs';

const stale = isStale as (base: string, inputs?: string[]) => boolean;

function project(): string {
  const base = mkdtempSync(join(tmpdir(), 'xs2a-build-stamp-'));
  mkdirSync(join(base, 'src/sim'), { recursive: true });
  mkdirSync(join(base, 'dist'));
  writeFileSync(join(base, 'src/sim/a.ts'), 'export const a = 1;\n');
  writeFileSync(join(base, 'package.json'), '{}\n');
  return base;
}

const at = (base: string, file: string, seconds: number) => utimesSync(join(base, file), seconds, seconds);

describe('the build stamp', () => {
  it('is stale without a stamp, current with a newer stamp, stale again once any input is newer', () => {
    const base = project();
    expect(stale(base, ['src', 'package.json'])).toBe(true);
    writeFileSync(join(base, STAMP as string), 'built\n');
    at(base, 'src/sim/a.ts', 1_000);
    at(base, 'package.json', 1_000);
    at(base, STAMP as string, 2_000);
    expect(stale(base, ['src', 'package.json'])).toBe(false);
    at(base, 'src/sim/a.ts', 3_000);
    expect(stale(base, ['src', 'package.json'])).toBe(true);
    at(base, 'src/sim/a.ts', 1_000);
    at(base, 'package.json', 3_000);
    expect(stale(base, ['src', 'package.json'])).toBe(true);
  });

  it('is what npm start runs first, and on a current build it says so and compiles nothing', () => {
    const scripts = (
      JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    expect(scripts.prestart).toBe('node scripts/build.mjs --if-stale');
    const base = project();
    mkdirSync(join(base, 'scripts'));
    copyFileSync(new URL('../../scripts/build.mjs', import.meta.url), join(base, 'scripts/build.mjs'));
    writeFileSync(join(base, STAMP as string), 'built\n');
    for (const file of ['src/sim/a.ts', 'package.json', 'scripts/build.mjs']) at(base, file, 1_000);
    at(base, STAMP as string, 2_000);
    // There is no compiler in the copy: a build would fail, so exit 0 proves none ran.
    const run = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: base, encoding: 'utf8' });
    expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({
      status: 0,
      stdout: '',
      stderr: 'xs2a-kit: the build is current (dist/); not rebuilding.\n',
    });
    expect(readFileSync(join(base, STAMP as string), 'utf8')).toBe('built\n');
  });
});
