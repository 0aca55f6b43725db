/**
 * A runnable simulator with one break of test/breaks/breaks.ts in it: a copy of the build
 * (`dist/src`, made by `npm run build`) in which the files the break edits are replaced. The copy
 * lives inside the repository, `.xs2a-breaks/<name>/dist/src`, so node resolves `node_modules` from
 * it and src/package-root.ts walks up to the repository's package.json and fixtures.
 *
 * Only the edited files are compiled, each alone with `transpileModule`: the project compiles with
 * isolatedModules and verbatimModuleSyntax, so one file's output never depends on another file.
 * A copy is kept while neither the build nor the patch changes, so a second run copies nothing.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import type { startSandbox } from '../../src/index.js';
import { editsOf, type Break } from './breaks.js';

const root = join(import.meta.dirname, '../..');
const build = join(root, 'dist/src');

/** Where the patched copies live; git-ignored. */
const BREAKS_DIR = join(root, '.xs2a-breaks');

/** The file in a copy that records which build and which patch it was made from. */
const STAMP = 'break-stamp';

export class BreakPatchError extends Error {}

/** The patched TypeScript text of every file the break edits, by path from the repository root. */
async function patchedSources(brk: Break): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  for (const { file, find, replace } of editsOf(brk)) {
    if (!/^src\/.+\.tsx?$/.test(file)) throw new BreakPatchError(`Break ${brk.name}: ${file} is not a TypeScript file under src/.`);
    const text = texts.get(file) ?? (await readFile(join(root, file), 'utf8'));
    const count = find === '' ? 0 : text.split(find).length - 1;
    if (count !== 1) {
      throw new BreakPatchError(`Break ${brk.name}: the snippet to find occurs ${count} times in ${file}, not exactly once (has the source changed?):\n${find}`);
    }
    // A replacer function, so patterns such as `$&` in the replacement stay literal.
    texts.set(file, text.replace(find, () => replace));
  }
  return texts;
}

let compilerOptions: ts.CompilerOptions | undefined;

/**
 * tsconfig.json's options, emitting ES2022 modules as the build does: transpileModule does not see
 * package.json's `"type": "module"`, so under NodeNext it would emit CommonJS. Resolution plays no
 * part in emitting one file; Bundler is the one that goes with an ES module kind.
 */
function options(): ts.CompilerOptions {
  if (compilerOptions) return compilerOptions;
  const config = ts.readConfigFile(join(root, 'tsconfig.json'), (path) => ts.sys.readFile(path));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  return (compilerOptions = {
    ...parsed.options,
    module: ts.ModuleKind.ES2022,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    sourceMap: false,
    inlineSourceMap: false,
    declaration: false,
    declarationMap: false,
  });
}

/** The JavaScript of each file the break patches, by its path in the build (`sim/…/x.js`). */
export async function compileBreak(brk: Break): Promise<Map<string, string>> {
  const outputs = new Map<string, string>();
  for (const [file, text] of await patchedSources(brk)) {
    const result = ts.transpileModule(text, { compilerOptions: options(), fileName: join(root, file), reportDiagnostics: true });
    const problems = result.diagnostics ?? [];
    if (problems.length > 0) {
      throw new BreakPatchError(`Break ${brk.name}: ${file} does not compile once patched: ${problems.map((problem) => ts.flattenDiagnosticMessageText(problem.messageText, '\n')).join('; ')}`);
    }
    outputs.set(file.replace(/^src\//, '').replace(/\.tsx?$/, '.js'), result.outputText);
  }
  return outputs;
}

let buildId: Promise<string> | undefined;

/** Names the build by every module's path, size and time: a rebuild makes every copy stale. */
function identifyBuild(): Promise<string> {
  return (buildId ??= (async () => {
    if (!existsSync(join(build, 'index.js'))) throw new Error(`No build in ${build}: run npm run build first.`);
    const hash = createHash('sha256');
    for (const file of (await readdir(build, { recursive: true })).filter((name) => name.endsWith('.js')).sort()) {
      const { size, mtimeMs } = await stat(join(build, file));
      hash.update(`${file}\0${size}\0${mtimeMs}\n`);
    }
    return hash.digest('hex');
  })());
}

/** The copy of the build with the break in it, made afresh unless an identical one exists; its folder. */
export async function patchedCopy(brk: Break): Promise<string> {
  const outputs = await compileBreak(brk);
  const hash = createHash('sha256').update(await identifyBuild());
  for (const [file, text] of [...outputs].sort(([a], [b]) => a.localeCompare(b))) hash.update(`${file}\0${text}\0`);
  const stamp = hash.digest('hex');
  const dir = join(BREAKS_DIR, brk.name);
  if ((await readFile(join(dir, STAMP), 'utf8').catch(() => '')) === stamp) return dir;

  // Made beside the final folder and renamed into place, so a copy is never seen half written.
  const partial = `${dir}.partial-${process.pid}`;
  await rm(partial, { recursive: true, force: true });
  // The modules only: declarations and source maps play no part in running.
  await cp(build, join(partial, 'dist/src'), { recursive: true, filter: (path) => !/\.(d\.ts|map)$/.test(path) });
  for (const [file, text] of outputs) await writeFile(join(partial, 'dist/src', file), text);
  await writeFile(join(partial, STAMP), stamp);
  await rm(dir, { recursive: true, force: true });
  await rename(partial, dir);
  return dir;
}

/** The `startSandbox` of a simulator with the break in it. */
export async function applyBreak(brk: Break): Promise<typeof startSandbox> {
  const dir = await patchedCopy(brk);
  const loaded = (await import(pathToFileURL(join(dir, 'dist/src/index.js')).href)) as { startSandbox: typeof startSandbox };
  return loaded.startSandbox;
}
