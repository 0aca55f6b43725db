/**
 * docs/architecture.md's stage list is the lifecycle's own, in the order the code runs it (that the
 * files it names exist and every rules file is named: imports.test.ts).
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LIFECYCLE } from '../../src/sim/api/lifecycle.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const page = readFileSync(join(root, 'docs/architecture.md'), 'utf8');

describe('docs/architecture.md', () => {
  it('draws and tables the lifecycle’s stages in the order the code runs them', () => {
    const table = [...page.matchAll(/^\| `(\w+)` \|/gm)].map((match) => match[1]!);
    expect(table.filter((name) => (LIFECYCLE as readonly string[]).includes(name))).toEqual([...LIFECYCLE]);
    const diagram = page.slice(page.indexOf(' authenticate → '), page.indexOf('\n', page.indexOf(' authenticate → ')));
    const rest = page.slice(page.indexOf('writeAnswer → record'));
    expect(`${diagram} → ${rest.slice(0, 'writeAnswer → record'.length)}`.trim().split(/ → /)).toEqual([...LIFECYCLE]);
  });
});
