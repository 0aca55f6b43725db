/**
 * The README's first test, run as it is printed there: the block between the markers below must
 * equal the README's (the import from the package root aside), and it runs here against the build
 * of this checkout.
 */
import { readFileSync } from 'node:fs';
import { describe, expect as expectThat, it as check } from 'vitest';

// README first test: begin
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/index.js';
let sandbox: Sandbox;
beforeAll(async () => void (sandbox = await startSandbox()));
afterAll(() => sandbox.close());

it('reads balances with a consent the customer approved', async () => {
  const [account] = sandbox.customers().find((c) => c.psuId === 'anna')!.accounts;
  const body = JSON.stringify({ access: { balances: [{ iban: account!.iban }] }, recurringIndicator: true, validUntil: '2099-12-31', frequencyPerDay: 4 });
  const created = await sandbox.fetch('/v1/consents', { method: 'POST', headers: { 'TPP-Redirect-URI': 'https://tpp.example/cb' }, body });
  const { consentId, authorisationId } = (await created.json()) as { consentId: string; authorisationId: string };
  await sandbox.psu('anna').approve(authorisationId);
  const balances = await sandbox.fetch(`/v1/accounts/${account!.resourceId}/balances`, { headers: { 'Consent-ID': consentId } });
  expect(balances.status).toBe(200);
});
// README first test: end

describe('the README first test', () => {
  check('is this file’s block, at most 15 lines', () => {
    const own = readFileSync(new URL(import.meta.url), 'utf8');
    const block = own.slice(own.indexOf('// README first test: begin\n') + 28, own.indexOf('// README first test: end')).trim();
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('## Your first test'));
    const printed = /```ts\n([\s\S]*?)```/.exec(section)![1]!.trim();
    expectThat(printed).toBe(block.replace("from '../../src/index.js'", "from 'xs2a-kit'"));
    expectThat(printed.split('\n').length).toBeLessThanOrEqual(15);
  });
});
