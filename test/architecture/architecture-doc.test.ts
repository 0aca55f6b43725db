/**
 * docs/architecture.md against the code: the files it names exist, its stage list is the
 * lifecycle's own list in the same order, and it names every rules file of the simulator.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LIFECYCLE } from '../../src/sim/api/lifecycle.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const page = readFileSync(join(root, 'docs/architecture.md'), 'utf8');

describe('docs/architecture.md', () => {
  it('names only files that exist', () => {
    const named = [...page.matchAll(/`((?:src|test|docs|bench)\/[\w./*-]+)`/g)]
      .map((match) => match[1]!)
      .filter((path) => !path.includes('*'));
    expect(named.length).toBeGreaterThan(40);
    expect(named.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });

  it('draws and tables the lifecycle’s stages in the order the code runs them', () => {
    const table = [...page.matchAll(/^\| `(\w+)` \|/gm)].map((match) => match[1]!);
    expect(table.filter((name) => (LIFECYCLE as readonly string[]).includes(name))).toEqual([...LIFECYCLE]);
    const diagram = page.slice(page.indexOf(' authenticate → '), page.indexOf('\n', page.indexOf(' authenticate → ')));
    const rest = page.slice(page.indexOf('writeAnswer → record'));
    expect(`${diagram} → ${rest.slice(0, 'writeAnswer → record'.length)}`.trim().split(/ → /)).toEqual([...LIFECYCLE]);
  });

  it('names every rules file of the simulator', () => {
    const rules = readdirSync(join(root, 'src/sim/rules')).filter(
      (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
    );
    expect(rules.filter((name) => !page.includes(`src/sim/rules/${name}`))).toEqual([]);
  });
});
