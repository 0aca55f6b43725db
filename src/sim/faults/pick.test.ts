import { describe, expect, it } from 'vitest';
import { activate, pickFault, type ActiveFault, type FaultTarget } from './pick.js';
import { FaultRuleSchema, type FaultRuleInput } from './schema.js';

const rule = (input: FaultRuleInput) => FaultRuleSchema.parse(input);
const get = (path: string, provider: string | undefined = 'PSDDE-BAFIN-123456'): FaultTarget => ({
  family: 'request',
  method: 'GET',
  path,
  provider,
});

/** Runs targets through the rules and names the rule that fired for each (or '-'). */
function run(faults: ActiveFault[], targets: FaultTarget[]): { fired: string[]; faults: ActiveFault[] } {
  const fired: string[] = [];
  let current = faults;
  for (const target of targets) {
    const pick = pickFault(current, target);
    fired.push(pick.fired?.id ?? '-');
    current = pick.faults;
  }
  return { fired, faults: current };
}

describe('picking a fault', () => {
  it('fires a count rule on exactly its next N matches, then retires it', () => {
    const { fired, faults } = run(
      [activate(rule({ kind: 'error-500', count: 2 }), 'f1', 1)],
      [get('/v1/accounts'), get('/v1/accounts'), get('/v1/accounts')],
    );
    expect(fired).toEqual(['f1', 'f1', '-']);
    expect(faults).toEqual([]);
  });

  it('counts only matching requests against a count rule', () => {
    const start = [
      activate(rule({ kind: 'drop', count: 1, match: { method: 'POST', path: '/v1/consents' } }), 'f1', 1),
    ];
    const { fired, faults } = run(start, [
      get('/v1/consents'),
      { family: 'request', method: 'POST', path: '/v1/consents/x', provider: 'P' },
      { family: 'request', method: 'POST', path: '/v1/consents', provider: 'P' },
    ]);
    expect(fired).toEqual(['-', '-', 'f1']);
    expect(faults).toEqual([]);
  });

  it('matches a provider by organizationIdentifier and never a request without one', () => {
    const start = [activate(rule({ kind: 'error-500', count: 5, match: { provider: 'PSDDE-BAFIN-999999' } }), 'f1', 1)];
    expect(
      run(start, [get('/v1/accounts'), get('/v1/accounts', undefined), get('/v1/accounts', 'PSDDE-BAFIN-999999')])
        .fired,
    ).toEqual(['-', '-', 'f1']);
  });

  it('treats HEAD as GET', () => {
    const start = [activate(rule({ kind: 'error-500', count: 1, match: { method: 'GET' } }), 'f1', 1)];
    expect(run(start, [{ family: 'request', method: 'HEAD', path: '/v1/accounts', provider: 'P' }]).fired).toEqual([
      'f1',
    ]);
  });

  it('keeps request rules away from callbacks and callback rules away from requests', () => {
    const start = [
      activate(rule({ kind: 'error-500', count: 1 }), 'f1', 1),
      activate(rule({ kind: 'callback-duplicate', count: 1 }), 'f2', 1),
    ];
    const { fired } = run(start, [{ family: 'callback', provider: 'P' }, get('/v1/accounts')]);
    expect(fired).toEqual(['f2', 'f1']);
  });

  it('gives the first rule that fires, in the order the rules were added', () => {
    const start = [
      activate(rule({ kind: 'error-500', count: 1, match: { path: '/v1/accounts' } }), 'f1', 1),
      activate(rule({ kind: 'drop', count: 3 }), 'f2', 1),
    ];
    const { fired, faults } = run(start, [get('/v1/accounts'), get('/v1/accounts')]);
    expect(fired).toEqual(['f1', 'f2']);
    expect(faults.map((fault) => [fault.id, fault.remaining, fault.applied])).toEqual([['f2', 2, 1]]);
  });

  it('draws the same rate decisions from the same seed, and other decisions from another', () => {
    const targets = Array.from({ length: 200 }, () => get('/v1/accounts'));
    const once = run([activate(rule({ kind: 'error-500', rate: 0.3 }), 'f1', 7)], targets);
    const again = run([activate(rule({ kind: 'error-500', rate: 0.3 }), 'f1', 7)], targets);
    const other = run([activate(rule({ kind: 'error-500', rate: 0.3 }), 'f1', 8)], targets);
    expect(again.fired).toEqual(once.fired);
    expect(other.fired).not.toEqual(once.fired);
    const hits = once.fired.filter((id) => id === 'f1').length;
    expect(hits).toBeGreaterThan(35);
    expect(hits).toBeLessThan(85);
    expect(once.faults[0]!.applied).toBe(hits);
  });

  it('never fires a rate of 0 and always fires a rate of 1', () => {
    const targets = Array.from({ length: 50 }, () => get('/v1/accounts'));
    expect(
      run([activate(rule({ kind: 'error-500', rate: 0 }), 'f1', 1)], targets).fired.every((id) => id === '-'),
    ).toBe(true);
    expect(
      run([activate(rule({ kind: 'error-500', rate: 1 }), 'f1', 1)], targets).fired.every((id) => id === 'f1'),
    ).toBe(true);
  });
});
