/**
 * The kit's own requests are complete for the Berlin Group 1.3.12 definition (the vendored copy in
 * reference/): every request the catalogue has served carries the headers and query parameters the
 * definition makes mandatory for its operation, and a body with every required member. A strict bank
 * then never refuses the kit for the kit's own omission. The few scenarios that need a field absent
 * say so, and are the only exceptions.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { catalogue, rules } from '../../conformance/index.js';
import { matchEndpoint } from '../../src/contract/endpoint-match.js';
import type { ScenarioResult } from '../../src/kit/events.js';
import { runScenarios } from '../../src/kit/runner.js';
import type { Target } from '../../src/kit/target.js';
import { startSimTarget } from '../../src/kit/targets/sim.js';
import { berlinGroupPath, resolveIn } from '../openapi/bg-compare.js';

type Json = Record<string, any>;

const REFERENCE = new URL('../../reference/berlin-group/psd2-api_v1.3.12-2022-07-06.yaml', import.meta.url);
const berlinGroup = parse(readFileSync(REFERENCE, 'utf8')) as Json;

/** Scenarios that leave a Berlin Group field out on purpose, and which one. */
const DELIBERATELY_INCOMPLETE: Record<string, string> = {
  'AIS-CONSENT-035': 'observes the defaults of recurringIndicator and validUntil, so sends neither',
  'PIS-INIT-009': 'initiates with the three members this interface requires, so without creditorName',
  'AIS-DATA-007': 'observes the default of bookingStatus, so reads transactions once without it',
  'PIS-SCA-002':
    'authorises a payment to an account of the bank without creditorName, which this interface leaves optional',
  'AIS-CONSENT-038': 'observes the default of frequencyPerDay for a recurring consent, so sends none',
  'AIS-CONSENT-039': 'observes that a one-off consent asked without frequencyPerDay is held to 1, so sends none',
};

/** The members a value lacks for the schema (the variant it fits best), as dotted paths. */
function missingMembers(schema: Json | undefined, value: unknown, at: string): string[] {
  const resolved = resolveIn(berlinGroup, schema);
  if (!resolved || value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  const variants = [...(resolved.oneOf ?? []), ...(resolved.anyOf ?? [])] as Json[];
  if (variants.length > 0) {
    const each = variants.map((variant) => missingMembers(variant, value, at));
    return each.reduce((best, next) => (next.length < best.length ? next : best));
  }
  const parts = [resolved, ...((resolved.allOf ?? []) as Json[]).map((part) => resolveIn(berlinGroup, part) ?? {})];
  const record = value as Record<string, unknown>;
  const missing: string[] = [];
  for (const part of parts) {
    for (const name of (part.required ?? []) as string[]) if (!(name in record)) missing.push(`${at}${name}`);
    for (const [name, property] of Object.entries((part.properties ?? {}) as Json)) {
      if (name in record) missing.push(...missingMembers(property, record[name], `${at}${name}.`));
    }
  }
  return missing;
}

interface Lack {
  scenario: string;
  request: string;
  missing: string[];
}

/** What one served request lacks for the Berlin Group operation it addresses. */
function lacks(scenario: string, exchange: ScenarioResult['exchanges'][number]): Lack | undefined {
  const url = new URL(exchange.url, 'https://target.invalid');
  const entry = matchEndpoint(exchange.method, url.pathname);
  const operation = entry
    ? (berlinGroup.paths[berlinGroupPath(entry.path)]?.[entry.method] as Json | undefined)
    : undefined;
  if (!entry || !operation) return undefined;
  const headers = new Set(Object.keys(exchange.requestHeaders ?? {}).map((name) => name.toLowerCase()));
  const missing: string[] = [];
  for (const reference of (operation.parameters ?? []) as Json[]) {
    const parameter = resolveIn(berlinGroup, reference)!;
    if (!parameter.required) continue;
    if (parameter.in === 'header' && !headers.has(String(parameter.name).toLowerCase()))
      missing.push(`header ${parameter.name}`);
    if (parameter.in === 'query' && !url.searchParams.has(parameter.name)) missing.push(`query ${parameter.name}`);
  }
  // A single payment is the definition's paymentInitiation_json, not any of the bulk or periodic variants.
  const body = entry.path.startsWith('/v1/payments/')
    ? berlinGroup.components.schemas.paymentInitiation_json
    : (resolveIn(berlinGroup, operation.requestBody)?.content?.['application/json']?.schema as Json | undefined);
  if (body && exchange.requestBody !== undefined)
    missing.push(
      ...missingMembers(
        body,
        typeof exchange.requestBody === 'string' ? JSON.parse(exchange.requestBody) : exchange.requestBody,
        '',
      ),
    );
  return missing.length > 0 ? { scenario, request: `${exchange.method} ${url.pathname}`, missing } : undefined;
}

let target: Target;
let results: ScenarioResult[];

beforeAll(async () => {
  target = await startSimTarget();
  results = (await runScenarios({ target, scenarios: catalogue, rules })).results;
}, 120_000);
afterAll(() => target.close());

describe('the kit’s requests against the Berlin Group 1.3.12 definition', () => {
  it('serves every scenario, so every request below was meant to be valid', () => {
    expect(results.filter((result) => result.status !== 'passed').map((result) => result.id)).toEqual([]);
  });

  it('sends every mandatory header, query parameter and body member on every request the target served', () => {
    const found: Lack[] = [];
    for (const result of results) {
      if (DELIBERATELY_INCOMPLETE[result.id]) continue;
      for (const exchange of result.exchanges) {
        if (exchange.status < 200 || exchange.status >= 300) continue;
        const lack = lacks(result.id, exchange);
        if (lack) found.push(lack);
      }
    }
    // One line per kind of omission, so a new one reads at a glance.
    const kinds = [
      ...new Set(
        found.map(
          (lack) =>
            `${lack.request.replace(/[0-9a-f-]{36}/g, '{id}')}: ${lack.missing.join(', ')} (e.g. ${lack.scenario})`,
        ),
      ),
    ];
    expect(kinds).toEqual([]);
  });

  it('knows the omissions it makes on purpose, and they are real', () => {
    for (const id of Object.keys(DELIBERATELY_INCOMPLETE)) {
      const result = results.find((item) => item.id === id)!;
      const omissions = result.exchanges
        .filter((exchange) => exchange.status >= 200 && exchange.status < 300)
        .map((exchange) => lacks(id, exchange))
        .filter(Boolean);
      expect(omissions.length, `${id} ${DELIBERATELY_INCOMPLETE[id]}`).toBeGreaterThan(0);
    }
  });
});
