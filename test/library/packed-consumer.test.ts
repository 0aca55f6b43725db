/**
 * A TPP's project with the packed package and nothing else of this checkout: the README's first
 * test compiles under TypeScript `strict` without `skipLibCheck` and passes under vitest, and
 * `require('xs2a-kit')` answers `startSandbox`. Offline: the consumer's node_modules holds the
 * unpacked tarball beside links to the packages this checkout already has.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const project = mkdtempSync(join(tmpdir(), 'xs2a-consumer-'));
afterAll(() => rmSync(project, { recursive: true, force: true }));

describe('the packed package in a fresh project', () => {
  it('compiles the README first test with strict and no skipLibCheck, passes it under vitest, and loads from CommonJS', async () => {
    // The build is current (npm test builds first); packing it must not build again.
    const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', project], {
      cwd: root,
    });
    const modules = join(project, 'node_modules');
    mkdirSync(join(modules, 'xs2a-kit'), { recursive: true });
    await run('tar', [
      '-xzf',
      join(project, stdout.trim().split('\n').at(-1)!),
      '-C',
      join(modules, 'xs2a-kit'),
      '--strip-components=1',
    ]);
    // Every other package the consumer needs, from this checkout's node_modules (no registry here).
    for (const name of readdirSync(join(root, 'node_modules'))) {
      if (name === 'xs2a-kit' || name.startsWith('.')) continue;
      symlinkSync(join(root, 'node_modules', name), join(modules, name), 'dir');
    }
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const first = /```ts\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf('## Your first test')))![1]!;
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'tpp-client', private: true, type: 'module' }));
    writeFileSync(join(project, 'first.test.ts'), first);
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          skipLibCheck: false,
          target: 'ES2022',
          lib: ['ES2022'],
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          noEmit: true,
          types: ['node'],
        },
        include: ['first.test.ts'],
      }),
    );
    const tsc = await run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], {
      cwd: project,
    }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? String(error) }));
    expect(tsc.stdout).toBe('');
    const vitest = await run(process.execPath, [join(root, 'node_modules/vitest/vitest.mjs'), 'run', 'first.test.ts'], {
      cwd: project,
      env: { ...process.env, CI: 'true' },
    });
    expect(vitest.stdout.replace(/\u001b\[[0-9;]*m/g, '')).toMatch(/Tests\s+1 passed/);
    const cjs = await run(process.execPath, ['-e', "process.stdout.write(typeof require('xs2a-kit').startSandbox)"], {
      cwd: project,
    });
    expect(cjs.stdout).toBe('function');
  }, 120_000);
});

describe('what the package ships', () => {
  it('holds a LICENSE and no source map pointing at files it does not ship', async () => {
    const { stdout } = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root });
    const files = (JSON.parse(stdout) as { files: { path: string }[] }[])[0]!.files.map((file) => file.path);
    expect(files).toContain('LICENSE');
    expect(files.filter((path) => path.endsWith('.map'))).toEqual([]);
    expect(files.filter((path) => path.startsWith('src/'))).toEqual([]);
  });
});
