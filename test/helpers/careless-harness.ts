/**
 * The harness every careless-implementation test shares: one simulator per test file, the proxy
 * (`careless-bank.ts`) started in front of it for each run, and the two questions each test asks —
 * does the new scenario fail on the careless implementation, and do the older scenarios of its
 * rules pass on it (so the catalogue did miss the break before)?
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { almostRightScenarios } from '../../conformance/almost-right.js';
import { almostRightCofScenarios } from '../../conformance/almost-right-cof.js';
import { almostRightConsentScenarios } from '../../conformance/almost-right-consents.js';
import { almostRightLimitScenarios } from '../../conformance/almost-right-limits.js';
import { almostRightPaymentScenarios } from '../../conformance/almost-right-payments.js';
import { almostRightScaScenarios } from '../../conformance/almost-right-sca.js';
import { almostRightSurfaceScenarios } from '../../conformance/almost-right-surface.js';
import { catalogue } from '../../conformance/index.js';
import type { RunSummary } from '../../src/kit/events.js';
import { runScenarios } from '../../src/kit/runner.js';
import type { Target } from '../../src/kit/target.js';
import { startSimTarget } from '../../src/kit/targets/sim.js';
import { carelessBank, type Behaviour } from './careless-bank.js';
import type { KnownCertificates, ServerCertificates } from './misbehaving-targets.js';
import { certificateFolder } from './sandbox.js';

export interface CarelessHarness {
  /** The simulator behind the proxy (its clock, CA and certificates). */
  sim: Target;
  /** The server certificate a relay of the test may listen with. */
  server: ServerCertificates;
  /** Runs the scenarios given by id against the simulator behind a proxy behaving as told. */
  runBehind(behave: Behaviour, ids: readonly string[]): Promise<RunSummary>;
  close(): Promise<void>;
}

export async function startCarelessHarness(): Promise<CarelessHarness> {
  const certsDir = await certificateFolder();
  const read = (name: string) => readFileSync(join(certsDir, name), 'utf8');
  const sim = await startSimTarget({ certsDir });
  const server: ServerCertificates = { key: read('server.key'), cert: read('server.crt'), ca: sim.ca };
  const known: KnownCertificates = [
    sim.provider,
    sim.secondProvider!,
    sim.providerWithoutCof!,
    sim.renamedProvider!,
    ...Object.values(sim.refusedCertificates ?? {}),
  ];
  return {
    sim,
    server,
    async runBehind(behave, ids) {
      const proxy = await carelessBank(server, { baseUrl: sim.baseUrl, ca: sim.ca }, known, behave);
      try {
        return await runScenarios({
          target: { ...sim, name: `sim behind a careless proxy (${proxy.baseUrl})`, baseUrl: proxy.baseUrl },
          scenarios: catalogue.filter((scenario) => ids.includes(scenario.id)),
        });
      } finally {
        await proxy.close();
      }
    },
    close: () => sim.close(),
  };
}

/**
 * Every scenario written for a careless implementation, in any area: none of them is "older", since
 * a later one may catch an earlier careless implementation too (which is no sign the catalogue
 * missed it before). The two written beside their area's helpers are named here.
 */
export const WRITTEN_FOR_CARELESS: readonly string[] = [
  ...[
    ...almostRightScenarios,
    ...almostRightCofScenarios,
    ...almostRightConsentScenarios,
    ...almostRightLimitScenarios,
    ...almostRightPaymentScenarios,
    ...almostRightScaScenarios,
    ...almostRightSurfaceScenarios,
  ].map((scenario) => scenario.id),
  'AIS-PAGING-013',
  'ID-DETAIL-017',
];

/**
 * The scenarios enforcing any of the rules of `id`, those of `written` (the new ones of the test)
 * and every other scenario written for a careless implementation left out.
 */
export function olderOfTheRules(id: string, written: readonly string[]): string[] {
  const rules = catalogue.find((scenario) => scenario.id === id)!.rules;
  return catalogue
    .filter(
      (scenario) =>
        !written.includes(scenario.id) &&
        !WRITTEN_FOR_CARELESS.includes(scenario.id) &&
        scenario.rules.some((rule) => rules.includes(rule)),
    )
    .map((scenario) => scenario.id);
}

/** Each scenario's id and verdict. */
export const statusOf = (summary: RunSummary): Record<string, string> =>
  Object.fromEntries(summary.results.map((result) => [result.id, result.status]));

/**
 * The check each careless implementation gets: behind `behave`, the scenario `id` written for it
 * fails with `message`, while the older scenarios of its rules (there are some) all pass, so the
 * catalogue did miss the break before `id`.
 */
export async function expectCaught(
  harness: CarelessHarness,
  behave: Behaviour,
  id: string,
  message: RegExp,
  written: readonly string[],
): Promise<RunSummary> {
  const older = olderOfTheRules(id, written);
  expect(older.length).toBeGreaterThan(0);
  const summary = await harness.runBehind(behave, [id, ...older]);
  const result = summary.results.find((item) => item.id === id)!;
  expect(result.status).toBe('failed');
  expect(result.failure?.message).toMatch(message);
  expect(Object.entries(statusOf(summary)).filter(([other, status]) => other !== id && status !== 'passed')).toEqual(
    [],
  );
  return summary;
}

/** A body as JSON, or undefined when it is none. */
export function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
