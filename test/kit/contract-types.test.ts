/**
 * Banks whose answers break only the types of the contract: a real sandbox behind a proxy that
 * reads an account-information consent back without `access`, or a CoF consent with `access`
 * instead of `account`. Each must be the contract failure of the rule of that answer's shape, with
 * the answer as its exchange; the same scenarios pass through the proxy when it changes nothing, so
 * the failures are the breaks' and no one else's.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, contractRules, rules } from '../../conformance/index.js';
import type { ScenarioResult } from '../../src/kit/events.js';
import { runScenarios } from '../../src/kit/runner.js';
import { startSimTarget } from '../../src/kit/targets/sim.js';
import type { Target } from '../../src/kit/target.js';
import { ruleOwners } from '../../src/kit/verdict.js';
import { breakingProxy, type MockServer } from '../helpers/misbehaving-targets.js';
import { certificateFolder } from '../helpers/sandbox.js';

type Break = 'nothing' | 'ais-read' | 'cof-read';
type Body = Record<string, unknown>;

const AIS_READ = /^\/v1\/consents\/(?!confirmation-of-funds\/)[^/]+$/;
const COF_READ = /^\/v1\/consents\/confirmation-of-funds\/[^/]+$/;

/** Per break, a scenario enforcing the rule of the broken answer's shape (contractRules) that meets that answer. */
const MET_BY = { 'ais-read': 'AIS-CONSENT-018', 'cof-read': 'COF-003' } as const;

let breaking: Break = 'nothing';
let certsDir: string;
let sim: Target;
let proxy: MockServer;

/** The one answer the current break changes; every other answer passes as the sandbox gave it. */
function alter(request: { method: string; path: string }, status: number, body: unknown): unknown {
  const answer = body as Body;
  if (breaking === 'ais-read' && request.method === 'GET' && AIS_READ.test(request.path) && status === 200) {
    const { access: _dropped, ...rest } = answer;
    return rest;
  }
  if (breaking === 'cof-read' && request.method === 'GET' && COF_READ.test(request.path) && status === 200) {
    const { account, ...rest } = answer;
    return { ...rest, access: { accounts: [account] } };
  }
  return body;
}

async function run(ids: readonly string[]): Promise<ScenarioResult[]> {
  const summary = await runScenarios({
    target: { ...sim, name: `sim behind a proxy (${proxy.baseUrl})`, baseUrl: proxy.baseUrl },
    scenarios: catalogue.filter((scenario) => ids.includes(scenario.id)),
    rules,
    contractRules,
    owners: ruleOwners(catalogue),
  });
  return summary.results;
}

beforeAll(async () => {
  certsDir = await certificateFolder();
  const read = (name: string) => readFileSync(join(certsDir, name), 'utf8');
  sim = await startSimTarget({ certsDir });
  const known = [sim.provider, sim.secondProvider!, sim.providerWithoutCof!];
  proxy = await breakingProxy(
    { key: read('server.key'), cert: read('server.crt'), ca: sim.ca },
    { baseUrl: sim.baseUrl, ca: sim.ca },
    known,
    alter,
  );
}, 120_000);
afterAll(async () => {
  await proxy?.close();
  await sim?.close();
});

describe('a bank whose answers break the types of the contract', () => {
  it('passes the scenarios meeting the breaks when the proxy changes nothing', async () => {
    breaking = 'nothing';
    const results = await run(Object.values(MET_BY));
    expect(Object.fromEntries(results.map((result) => [result.id, result.status]))).toEqual({
      'AIS-CONSENT-018': 'passed',
      'COF-003': 'passed',
    });
  }, 120_000);

  it.each([
    [
      'ais-read',
      'an account-information consent read without access',
      'AIS-CONSENT-17',
      AIS_READ,
      /^GET \/v1\/consents\/[^/]+ answer 200 \(ConsentResponse\) does not match the contract: access: Invalid input: expected object, received undefined$/,
    ],
    [
      'cof-read',
      'a CoF consent read with access instead of account',
      'AIS-CONSENT-18',
      COF_READ,
      /^GET \/v1\/consents\/confirmation-of-funds\/[^/]+ answer 200 \(FundsConfirmationConsentResponse\) does not match the contract: account: Invalid input: expected object, received undefined; access: A CoF consent carries `account` instead of `access`\.$/,
    ],
  ] as const)(
    'fails %s (%s) as a contract failure of %s, with that answer as its exchange',
    async (name, _what, rule, path, message) => {
      breaking = name;
      const [result] = await run([MET_BY[name]]);
      expect(result?.status).toBe('failed');
      expect(result?.rules.map((item) => item.id)).toContain(rule);
      expect(result?.failure?.kind).toBe('expectation');
      expect(result?.failure?.message).toMatch(message);
      const [method, target] = (result?.failure?.exchange?.request ?? '').split(' ');
      expect(method).toBe('GET');
      expect(target).toMatch(path);
    },
    120_000,
  );
});
