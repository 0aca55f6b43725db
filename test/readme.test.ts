import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SETTINGS } from '../src/contract/profile.js';
import { loadCustomersFixture } from '../src/sim/seed/fixtures.js';
import { buildSeed } from '../src/sim/seed/seed.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

describe('README', () => {
  it('lists the fixture customers with their real passwords and IBANs', () => {
    const seed = buildSeed({ seed: 42, customers: 0, anchor: '2026-03-01', fixture: loadCustomersFixture() });
    for (const customer of seed.customers) {
      const row = readme.split('\n').find((line) => line.startsWith(`| \`${customer.psuId}\` |`));
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

  it('lists the bank-profile settings exactly as the contract defines them, one row each', () => {
    const code = (value: unknown) => `\`${String(value)}\``;
    const expected = [
      '| Setting | Values (default first) | `strict` | `lenient` | Open point | Meaning |',
      '|---|---|---|---|---|---|',
      ...SETTINGS.map(
        (setting) =>
          `| ${code(setting.name)} | ${setting.values.map(code).join(', ')} | ${code(setting.strict)} | ${code(setting.lenient)} | ${setting.rule} | ${setting.meaning} |`,
      ),
    ];
    const section = readme.slice(
      readme.indexOf('## Bank profiles'),
      readme.indexOf('\n## ', readme.indexOf('## Bank profiles') + 1),
    );
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
