/**
 * A bank written to the Berlin Group definition, which lets an AccountReference name its account by
 * `bban`, `pan`, `maskedPan`, `msisdn` or `other` instead of `iban`: a real sandbox behind a proxy that
 * resolves such a reference to an account of the customer before the sandbox sees it. The rows holding
 * IBAN-1 for every identifier in every place must fail against it, each on the first identifier it
 * sends, and pass against the sandbox itself, observing where it puts the path.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, contractRules, rules } from '../../conformance/index.js';
import { runScenarios } from '../../src/kit/runner.js';
import { startSimTarget } from '../../src/kit/targets/sim.js';
import type { Target } from '../../src/kit/target.js';
import { ruleOwners } from '../../src/kit/verdict.js';
import { breakingProxy, type MockServer } from '../helpers/misbehaving-targets.js';
import { certificateFolder } from '../helpers/sandbox.js';

const OTHER = ['bban', 'pan', 'maskedPan', 'msisdn', 'other'];
const ROWS = catalogue.filter((scenario) => scenario.id.endsWith('-OTHER-IDENTIFIER'));

let sim: Target;
let proxy: MockServer;

/** Every reference (an object without `iban` carrying another identifier) given `iban` in its place. */
function resolveReferences(value: unknown, iban: string): unknown {
  if (Array.isArray(value)) return value.map((item) => resolveReferences(item, iban));
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  if (record.iban === undefined && OTHER.some((field) => record[field] !== undefined)) {
    const kept = Object.fromEntries(Object.entries(record).filter(([key]) => !OTHER.includes(key)));
    return { ...kept, iban };
  }
  return Object.fromEntries(
    Object.entries(record).map(([key, item]) =>
      // The payee of a payment resolves to the customer's second account, so the payment stays one a bank serves.
      [key, resolveReferences(item, key === 'creditorAccount' ? sim.fixtures.ibans.second : iban)],
    ),
  );
}

beforeAll(async () => {
  const certsDir = await certificateFolder();
  const read = (name: string) => readFileSync(join(certsDir, name), 'utf8');
  sim = await startSimTarget({ certsDir });
  proxy = await breakingProxy(
    { key: read('server.key'), cert: read('server.crt'), ca: sim.ca },
    { baseUrl: sim.baseUrl, ca: sim.ca },
    [sim.provider, sim.secondProvider!, sim.providerWithoutCof!],
    (_request, _status, body) => body,
    (_request, body) => resolveReferences(body, sim.fixtures.ibans.main),
  );
}, 120_000);
afterAll(async () => {
  await proxy?.close();
  await sim?.close();
});

const run = (target: Target) =>
  runScenarios({ target, scenarios: ROWS, rules, contractRules, owners: ruleOwners(catalogue) });

describe('an account named by another identifier than its IBAN', () => {
  it('has a row for each of the seven places an account reference is sent, each holding IBAN-1', () => {
    expect(ROWS.map((scenario) => scenario.id).sort()).toEqual([
      'FMT-IBAN-COF-CONSENT-ACCOUNT-OTHER-IDENTIFIER',
      'FMT-IBAN-CONSENT-ACCOUNTS-OTHER-IDENTIFIER',
      'FMT-IBAN-CONSENT-BALANCES-OTHER-IDENTIFIER',
      'FMT-IBAN-CONSENT-TRANSACTIONS-OTHER-IDENTIFIER',
      'FMT-IBAN-FUNDS-ACCOUNT-OTHER-IDENTIFIER',
      'FMT-IBAN-PAYMENT-CREDITOR-OTHER-IDENTIFIER',
      'FMT-IBAN-PAYMENT-DEBTOR-OTHER-IDENTIFIER',
    ]);
    for (const scenario of ROWS) expect(scenario.rules).toContain('IBAN-1');
  });

  it('passes against the sandbox, observing the path of each refusal (the interface names no field)', async () => {
    const summary = await run(sim);
    expect(summary.results.map((result) => [result.id, result.status])).toEqual(
      ROWS.map((scenario) => [scenario.id, 'passed']),
    );
    const debtor = summary.results.find((result) => result.id === 'FMT-IBAN-PAYMENT-DEBTOR-OTHER-IDENTIFIER')!;
    expect(debtor.observations).toEqual(
      ['maskedPan', 'pan', 'bban', 'msisdn', 'other'].map((field) => ({
        point: `${field} instead of iban (payment debtor): path`,
        value: `debtorAccount.${field}`,
      })),
    );
  }, 60_000);

  it('fails every row against a bank that resolves the other identifier, with the served request as its exchange', async () => {
    const summary = await run({
      ...sim,
      name: `sim behind a resolving proxy (${proxy.baseUrl})`,
      baseUrl: proxy.baseUrl,
    });
    expect(summary.results.map((result) => [result.id, result.status])).toEqual(
      ROWS.map((scenario) => [scenario.id, 'failed']),
    );
    for (const result of summary.results) {
      expect(result.failure?.message).toMatch(
        /^maskedPan instead of iban \(.*\): expected a refusal \(4xx FORMAT_ERROR\), got 20[01]$/,
      );
      expect(result.failure?.exchange?.status).toBeOneOf([200, 201]);
    }
  }, 60_000);
});
