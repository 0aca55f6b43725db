/**
 * The rules the catalogue's shared steps and answer shapes belong to (given, then): each is a rule of
 * the catalogue, and some scenario enforces it — the scenario a broken step names, which then fails.
 */
import { describe, expect, it } from 'vitest';
import { catalogue, contractRules, rules } from '../../conformance/index.js';
import { STEP_RULES } from '../../conformance/step-rules.js';
import { ENDPOINTS } from '../../src/contract/endpoints.js';
import { ruleOwners } from '../../src/kit/verdict.js';

const owners = ruleOwners(catalogue);
const known = new Set(rules.map((rule) => rule.id));

describe('the rules of the shared steps and of the answer shapes', () => {
  it('are rules of the catalogue, each enforced by a scenario that a broken step names', () => {
    const all = { ...STEP_RULES, ...contractRules };
    expect(Object.entries(all).filter(([, rule]) => !known.has(rule))).toEqual([]);
    expect(Object.entries(all).filter(([, rule]) => !owners.has(rule))).toEqual([]);
  });

  it('name a rule for every answer shape of the endpoint table, the error envelope and an empty 204', () => {
    const shapes = new Set(ENDPOINTS.flatMap((entry) => (entry.success.body ? [entry.success.body] : [])));
    expect([...shapes, 'TppMessages', 'NoBody'].filter((shape) => !(shape in contractRules))).toEqual([]);
  });

  it('put consent creation with the scenario that checks what a creation answers', () => {
    expect(owners.get(STEP_RULES.consentCreation)).toBe('AIS-CONSENT-004');
    expect(owners.get(STEP_RULES.paymentInitiation)).toBe('PIS-INIT-001');
  });
});
