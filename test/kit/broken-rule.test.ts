/**
 * A bank that breaks one rule and keeps every other: a real sandbox behind a proxy that drops
 * `authorisationId` from consent creation answers (a member the interface requires and Berlin Group
 * 1.3.12 lacks). The kit must report exactly the scenarios of that rule as failed, and leave every
 * scenario that merely needed a consent inconclusive, naming one of them — not hundreds of failures
 * each blaming another rule.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, contractRules, rules } from '../../conformance/index.js';
import type { RunSummary } from '../../src/kit/events.js';
import { runScenarios } from '../../src/kit/runner.js';
import { startSimTarget } from '../../src/kit/targets/sim.js';
import type { Target } from '../../src/kit/target.js';
import { ruleOwners } from '../../src/kit/verdict.js';
import { breakingProxy, type MockServer } from '../helpers/misbehaving-targets.js';
import { certificateFolder } from '../helpers/sandbox.js';

/** The rule the proxy breaks: both consent creations answer consentId, consentStatus and authorisationId. */
const BROKEN = 'AIS-CONSENT-13';

let sim: Target;
let proxy: MockServer;
let summary: RunSummary;

beforeAll(async () => {
  const certsDir = await certificateFolder();
  const read = (name: string) => readFileSync(join(certsDir, name), 'utf8');
  sim = await startSimTarget({ certsDir });
  const known = [
    sim.provider,
    sim.secondProvider!,
    sim.providerWithoutCof!,
    ...Object.values(sim.refusedCertificates ?? {}),
  ];
  proxy = await breakingProxy(
    { key: read('server.key'), cert: read('server.crt'), ca: sim.ca },
    { baseUrl: sim.baseUrl, ca: sim.ca },
    known,
    (request, status, body) => {
      if (request.method !== 'POST' || request.path !== '/v1/consents' || status !== 201) return body;
      const { authorisationId: _dropped, ...rest } = body as Record<string, unknown>;
      return rest;
    },
  );
  summary = await runScenarios({
    target: { ...sim, name: `sim behind a proxy (${proxy.baseUrl})`, baseUrl: proxy.baseUrl },
    scenarios: catalogue,
    rules,
    contractRules,
    owners: ruleOwners(catalogue),
  });
}, 240_000);
afterAll(async () => {
  await proxy?.close();
  await sim?.close();
});

describe('a bank with one broken creation rule', () => {
  it('fails exactly the scenarios of that rule', () => {
    const ofTheRule = catalogue.filter((scenario) => scenario.rules.includes(BROKEN)).map((scenario) => scenario.id);
    expect(ofTheRule.length).toBeGreaterThan(0);
    expect(summary.results.filter((result) => result.status === 'failed').map((result) => result.id)).toEqual(
      ofTheRule,
    );
  });

  it('leaves every other scenario that met the broken answer inconclusive, naming the first scenario of the rule, and passes the rest', () => {
    const owner = catalogue.find((scenario) => scenario.rules.includes(BROKEN))!.id;
    const inconclusive = summary.results.filter((result) => result.status === 'inconclusive');
    expect(inconclusive.length).toBeGreaterThan(100);
    expect(inconclusive.filter((result) => result.owner !== owner).map((result) => result.id)).toEqual([]);
    expect(inconclusive[0]!.reason).toMatch(/authorisationId.*; see AIS-CONSENT-004$/);
    expect([summary.errors, summary.skipped]).toEqual([0, 0]);
    expect(summary.passed + summary.failed + summary.inconclusive).toBe(catalogue.length);
  });

  it('shows the failure with the creation answer that lacked the member as its exchange', () => {
    const failed = summary.results.find((result) => result.id === 'AIS-CONSENT-004')!;
    expect(failed.failure?.exchange?.request).toBe('POST /v1/consents');
    expect(failed.failure?.exchange?.status).toBe(201);
    expect(failed.failure?.message).toMatch(/ConsentCreationResponse.*authorisationId/);
  });
});
