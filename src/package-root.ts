/**
 * The folder of the installed package (where package.json and fixtures/ are), found by walking up
 * from this module: the same answer from src/ (tests), dist/src/ (the build) and node_modules/xs2a-kit.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let found: string | undefined;

export function packageRoot(): string {
  if (found !== undefined) return found;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'xs2a-kit')
      return (found = dir);
    const parent = dirname(dir);
    if (parent === dir)
      throw new Error('xs2a-kit: cannot find the package folder (package.json named xs2a-kit) above its modules.');
    dir = parent;
  }
}

export function packageVersion(): string {
  return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}
