import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SETTINGS } from '../src/contract/profile.js';
import { loadCustomersFixture } from '../src/sim/seed/fixtures.js';
import { buildSeed } from '../src/sim/seed/seed.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const page = (name: string) => readFileSync(new URL(`../docs/${name}`, import.meta.url), 'utf8');
const version = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string })
  .version;

/** Every fenced code block of a Markdown text, as its lines. */
function codeLines(text: string): string[] {
  return [...text.matchAll(/```[a-z]*\n([\s\S]*?)```/g)].flatMap((block) => block[1]!.split('\n'));
}

describe('README', () => {
  it('lists the fixture customers with their real passwords and IBANs (docs/fixtures.md)', () => {
    const fixtures = page('fixtures.md');
    const seed = buildSeed({ seed: 42, customers: 0, anchor: '2026-03-01', fixture: loadCustomersFixture() });
    for (const customer of seed.customers) {
      const row = fixtures.split('\n').find((line) => line.startsWith(`| \`${customer.psuId}\` |`));
      expect(row, customer.psuId).toBeDefined();
      expect(row).toContain(`\`${customer.password}\``);
      for (const account of customer.accounts) expect(row).toContain(`\`${account.iban}\``);
    }
  });

  it('names the two set-up commands that CI runs', () => {
    expect(readme).toContain('npm install\nnpm start');
    expect(readme).toContain('npm test');
    expect(readFileSync(new URL('../.ci/run', import.meta.url), 'utf8')).toMatch(/^npm test$/m);
  });

  it('promises no install from the npm registry: every npm install of xs2a-kit names the packed tarball of this version', () => {
    const pages = [readme, ...readdirSync(new URL('../docs/', import.meta.url)).map(page)];
    const installs = pages.flatMap(codeLines).filter((line) => /\bnpm (install|i|add)\b.*xs2a-kit/.test(line));
    expect(installs.length).toBeGreaterThan(0);
    for (const line of installs)
      expect(line).toMatch(new RegExp(`(^|\\s)\\S*/xs2a-kit-${version.replace(/\./g, '\\.')}\\.tgz\\b`));
    expect(readme).toContain(
      `npm pack                                         # in the clone: writes xs2a-kit-${version}.tgz`,
    );
  });

  it('lists the bank-profile settings exactly as the contract defines them, one row each (docs/profiles.md)', () => {
    const code = (value: unknown) => `\`${String(value)}\``;
    const expected = [
      '| Setting | Values (default first) | `strict` | `lenient` | Open point | Meaning |',
      '|---|---|---|---|---|---|',
      ...SETTINGS.map(
        (setting) =>
          `| ${code(setting.name)} | ${setting.values.map(code).join(', ')} | ${code(setting.strict)} | ${code(setting.lenient)} | ${setting.rule} | ${setting.meaning} |`,
      ),
    ];
    const section = page('profiles.md');
    const start = section.split('\n').indexOf(expected[0]!);
    expect(start).toBeGreaterThan(-1);
    // The rows after the header up to the first line that is not a table row: exactly the settings, in order.
    const table = section.split('\n').slice(start);
    expect(
      table.slice(
        0,
        table.findIndex((line) => !line.startsWith('|')),
      ),
    ).toEqual(expected);
  });
});
