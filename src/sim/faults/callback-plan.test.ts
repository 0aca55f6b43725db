import { describe, expect, it } from 'vitest';
import type { DeliveryRecord } from '../store/data.js';
import { HOLD_LIMIT_MS } from './callback-holds.js';
import { planDeliveries, releaseAfter } from './callback-plan.js';
import { createFaultInjector } from './injector.js';
import { FaultRulesSchema, type FaultRuleInput } from './schema.js';

const NOW = Date.parse('2026-03-01T10:00:00Z');
const delivery = (eventId: string, tpp = 'PSDDE-BAFIN-123456'): DeliveryRecord => ({
  eventId,
  tpp,
  consentId: `consent-${eventId}`,
  url: 'https://tpp.example/hook',
  body: '{}',
  attempts: [],
  nextAttemptAt: new Date(NOW).toISOString(),
  outcome: 'pending',
});
const injector = (rules: FaultRuleInput[]) =>
  createFaultInjector({ seed: 42, start: { profile: null, rules: FaultRulesSchema.parse(rules) } });
const plan = (faults: ReturnType<typeof injector>, due: DeliveryRecord[], now = NOW) =>
  planDeliveries(faults, due, now).map((p) => `${p.delivery.eventId}x${p.copies}`);

describe('callback faults in a dispatch round', () => {
  it('send every due delivery once when no rule is active', () => {
    expect(plan(injector([]), [delivery('a'), delivery('b')])).toEqual(['ax1', 'bx1']);
  });

  it('send a duplicated delivery twice', () => {
    expect(plan(injector([{ kind: 'callback-duplicate', count: 1 }]), [delivery('a'), delivery('b')])).toEqual([
      'ax2',
      'bx1',
    ]);
  });

  it('hold a reordered delivery until one to the same provider has gone out, then send it once', () => {
    const faults = injector([{ kind: 'callback-reorder', count: 1 }]);
    expect(plan(faults, [delivery('a')])).toEqual([]);
    expect(plan(faults, [delivery('a')])).toEqual([]);
    const round = planDeliveries(faults, [delivery('a'), delivery('b')], NOW);
    expect(round.map((p) => p.delivery.eventId)).toEqual(['b']);
    expect(releaseAfter(faults, round)).toBe(true);
    expect(plan(faults, [delivery('a')])).toEqual(['ax1']);
    expect(faults.view().rules).toEqual([]);
  });

  it('keep a hold when a delivery to another provider goes out, and end it after the hold limit', () => {
    const faults = injector([{ kind: 'callback-reorder', count: 1, match: { provider: 'PSDDE-BAFIN-123456' } }]);
    expect(plan(faults, [delivery('a')])).toEqual([]);
    const other = planDeliveries(faults, [delivery('z', 'PSDDE-BAFIN-999999')], NOW);
    expect(releaseAfter(faults, other)).toBe(false);
    expect(plan(faults, [delivery('a')], NOW + HOLD_LIMIT_MS - 1)).toEqual([]);
    expect(plan(faults, [delivery('a')], NOW + HOLD_LIMIT_MS)).toEqual(['ax1']);
  });

  it('let held deliveries go when the rules are cleared', () => {
    const faults = injector([{ kind: 'callback-reorder', rate: 1 }]);
    expect(plan(faults, [delivery('a')])).toEqual([]);
    faults.clear();
    expect(plan(faults, [delivery('a')])).toEqual(['ax1']);
  });
});
