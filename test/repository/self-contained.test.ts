/**
 * The repository stands on its own: a user's clone has nothing beside it, so no file may read or
 * link a file outside it. Checked over every tracked file: no path into a sibling folder, no
 * relative Markdown link that leaves the repository or points at nothing, and every file a test
 * or script resolves through `import.meta.url` lies inside the repository.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const tracked = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file !== '' && existsSync(join(root, file)));
const textFiles = tracked.filter(
  (file) => /\.(ts|tsx|mjs|js|json|md|yml|yaml|sh)$/.test(file) || file.startsWith('.ci/') || file.startsWith('bin/'),
);
const inside = (path: string) => !relative(root, path).startsWith('..');

// This file names the patterns it forbids; it is the one place they may appear.
const self = relative(root, fileURLToPath(import.meta.url));

describe('the repository is self-contained', () => {
  it('names no folder or document that lives beside the repository', () => {
    const outside = /\.\.\/shared\b|\bshared\/(spec|reference|notes|hooks)\b|\bDESIGN\.md\b/;
    const offenders = textFiles.filter(
      (file) => file !== self && !file.startsWith('reference/') && outside.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it('has no relative Markdown link that leaves the repository or leads nowhere', () => {
    const broken: string[] = [];
    for (const file of tracked.filter((name) => name.endsWith('.md'))) {
      const text = readFileSync(join(root, file), 'utf8');
      for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = match[1]!.split('#')[0]!;
        if (target === '' || /^[a-z]+:/i.test(target)) continue;
        const path = resolve(root, dirname(file), decodeURIComponent(target));
        if (!inside(path) || !existsSync(path)) broken.push(`${file}: ${match[1]}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('resolves every file named relative to a module inside the repository', () => {
    const escaping: string[] = [];
    for (const file of textFiles.filter((name) => /\.(ts|tsx|mjs|js)$/.test(name))) {
      const text = readFileSync(join(root, file), 'utf8');
      for (const match of text.matchAll(/new URL\(\s*'(\.{1,2}\/[^']*)',\s*import\.meta\.url\s*\)/g)) {
        if (!inside(resolve(root, dirname(file), match[1]!))) escaping.push(`${file}: ${match[1]}`);
      }
    }
    expect(escaping).toEqual([]);
  });

  it('keeps the Berlin Group definition the tests use, with its licence and attribution beside it', () => {
    expect(existsSync(join(root, 'reference/berlin-group/psd2-api_v1.3.12-2022-07-06.yaml'))).toBe(true);
    const readme = readFileSync(join(root, 'reference/berlin-group/README.md'), 'utf8');
    expect(readme).toContain('Creative Commons Attribution 4.0');
    expect(readme).toContain('The Berlin Group');
  });
});
