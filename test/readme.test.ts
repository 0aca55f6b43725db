import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
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
});
