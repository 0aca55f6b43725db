/**
 * Banks whose answers break only the types of the contract: a real sandbox behind a proxy that
 * reads an account-information consent back without `access`, a CoF consent with `access` instead
 * of `account`, or answers a refusal with a code the interface does not have (Berlin Group's
 * `CERTIFICATE_INVALID` where the interface says `CERTIFICATE_MISSING`). Each must be the contract
 * failure of the rule of that answer's shape, with the answer as its exchange; the same scenarios
 * pass through the proxy when it changes nothing, so the failures are the breaks' and no one else's.
 * A code of the bank's own is judged, not taken for the absence of a bank by the preflight.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, contractRules, rules } from '../../conformance/index.js';
import type { ScenarioResult } from '../../src/kit/events.js';
import { runConformance } from '../../src/kit/run-conformance.js';
import { runScenarios } from '../../src/kit/runner.js';
import { startSimTarget } from '../../src/kit/targets/sim.js';
import type { Target } from '../../src/kit/target.js';
import { ruleOwners } from '../../src/kit/verdict.js';
import { breakingProxy, type MockServer } from '../helpers/misbehaving-targets.js';
import { remoteConfig } from '../helpers/remote-config.js';
import { certificateFolder } from '../helpers/sandbox.js';

type Break = 'nothing' | 'ais-read' | 'cof-read' | 'code';
type Body = Record<string, unknown>;

const AIS_READ = /^\/v1\/consents\/(?!confirmation-of-funds\/)[^/]+$/;
const COF_READ = /^\/v1\/consents\/confirmation-of-funds\/[^/]+$/;

/** Per break, a scenario enforcing the rule of the broken answer's shape (contractRules) that meets that answer. */
const MET_BY = { 'ais-read': 'AIS-CONSENT-018', 'cof-read': 'COF-003', code: 'ID-CERT-001' } as const;

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
  if (breaking === 'code' && status >= 400 && status < 500 && Array.isArray(answer.tppMessages))
    return { tppMessages: answer.tppMessages.map((message: Body) => ({ ...message, code: 'CERTIFICATE_INVALID' })) };
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
      'ID-CERT-001': 'passed',
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
    [
      'code',
      'a refusal whose code the interface does not have',
      'ERR-1',
      /^\/v1\/accounts$/,
      /^GET \/v1\/accounts answer 401 \(TppMessages\) does not match the contract: tppMessages\.0\.code: Invalid option: expected one of "CERTIFICATE_MISSING"\|/,
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

  it('runs a bank whose refusals carry a code of its own, and fails it: the preflight does not take it for no bank', async () => {
    breaking = 'code';
    const config = join(mkdtempSync(join(tmpdir(), 'xs2a-kit-contract-types-')), 'config.json');
    writeFileSync(config, JSON.stringify(remoteConfig(certsDir, { sca: { driver: 'none' } })));
    const said: string[] = [];
    const written: string[] = [];
    const { exitCode } = await runConformance({
      target: proxy.baseUrl,
      config,
      only: [MET_BY.code],
      stdout: { write: (text: string) => void written.push(text), isTTY: false },
      say: (text) => said.push(text),
    });
    // The preflight's probe (GET /v1/revocation-callback, 404) met the rewritten code first: nothing said of it.
    expect(said.join('')).toMatch(/^1 scenario selected\.\nFinished in [0-9.]+ s\.\n$/);
    expect(exitCode).toBe(1);
    expect(written.join('')).toMatch(/^FAIL ID-CERT-001 /m);
  }, 120_000);
});
