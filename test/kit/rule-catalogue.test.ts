/**
 * The rule catalogue against the scenarios: every rule enforced, every reference real, every entry
 * well-formed; and `conformance --list-rules` printing it, or refusing a malformed one in one line.
 */
import { describe, expect, it } from 'vitest';
import { catalogue, rules } from '../../conformance/index.js';
import { listRules } from '../../src/cli/conformance.js';
import { ruleCoverage, RULE_ID } from '../../src/kit/rule-catalogue.js';
import type { Scenario } from '../../src/kit/scenario.js';
import { xs2aKit } from '../helpers/cli.js';

const cli = (args: string[]) => xs2aKit(args, 30_000);

/** What listRules wrote, and its exit code, for a catalogue handed in. */
async function listed(json: boolean, rulesIn: readonly unknown[], scenarios: readonly Scenario[] = catalogue) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await listRules(
    json,
    { out: (text) => out.push(text), err: (text) => err.push(text) },
    { rules: rulesIn as never, scenarios },
  );
  return { code, out: out.join(''), err: err.join('') };
}

describe('the rule catalogue', () => {
  const coverage = ruleCoverage(rules, catalogue);

  it('holds well over 150 rules, the 23 open points among them, with unique ids', () => {
    expect(rules.length).toBeGreaterThan(200);
    expect(new Set(rules.map((rule) => rule.id)).size).toBe(rules.length);
    expect(rules.filter((rule) => rule.open).map((rule) => rule.id)).toEqual(
      Array.from({ length: 23 }, (_, i) => `OPEN-${i + 1}`),
    );
    expect(rules.every((rule) => RULE_ID.test(rule.id))).toBe(true);
  });

  it('has no rule without an enforcing scenario', () => {
    expect(coverage.filter((rule) => rule.scenarios.length === 0).map((rule) => rule.id)).toEqual([]);
  });

  it('has every scenario name at least one rule, and only rules it holds', () => {
    const ids = new Set(rules.map((rule) => rule.id));
    expect(catalogue.filter((scenario) => scenario.rules.length === 0).map((scenario) => scenario.id)).toEqual([]);
    expect(
      catalogue.flatMap((scenario) =>
        scenario.rules.filter((id) => !ids.has(id)).map((id) => `${scenario.id} → ${id}`),
      ),
    ).toEqual([]);
  });

  it('answers each rule with exactly the scenarios that name it', () => {
    const limit1 = coverage.find((rule) => rule.id === 'LIMIT-1')!;
    expect(limit1.scenarios).toEqual(
      catalogue.filter((scenario) => scenario.rules.includes('LIMIT-1')).map((scenario) => scenario.id),
    );
    expect(limit1.scenarios.length).toBeGreaterThan(1);
  });
});

describe('conformance --list-rules', () => {
  it('prints every rule with its coverage and the totals', async () => {
    const { code, stdout } = await cli(['conformance', '--list-rules']);
    expect(code).toBe(0);
    expect(stdout).toContain(
      `${rules.length} rules (23 open points), ${rules.length} enforced by a scenario, 0 without one.\n`,
    );
    expect(stdout).toMatch(/^LIMIT-1 +Limits: `GET \/v1\/accounts` allows 4 unattended accesses/m);
    expect(stdout).toContain('[open point; this sandbox: ');
  });

  it('prints with --json an array of {id, section, statement, scenarios}, none without a scenario', async () => {
    const { code, stdout } = await cli(['conformance', '--list-rules', '--json']);
    expect(code).toBe(0);
    const listing = JSON.parse(stdout) as { id: string; section: string; statement: string; scenarios: string[] }[];
    expect(listing).toHaveLength(rules.length);
    expect(listing.every((rule) => Object.keys(rule).join() === 'id,section,statement,scenarios')).toBe(true);
    expect(listing.filter((rule) => rule.scenarios.length === 0)).toEqual([]);
    const ids = new Set(catalogue.map((scenario) => scenario.id));
    expect(listing.flatMap((rule) => rule.scenarios).every((id) => ids.has(id))).toBe(true);
  });

  it('exits 2 with one line naming an unknown option', async () => {
    const { code, stdout, stderr } = await cli(['conformance', '--list-rules', '--rules-only']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe("error: unknown option '--rules-only'\n");
  });

  it.each([
    [
      'a statement of two lines',
      (list: Record<string, unknown>[]) => (list[3] = { ...list[3], statement: 'One line.\nAnother line.' }),
      /^xs2a-kit conformance: malformed catalogue entry rules\[3\] \(SCOPE-4\): statement: one sentence, ending with a full stop$/,
    ],
    [
      'an id of the wrong shape',
      (list: Record<string, unknown>[]) => (list[0] = { ...list[0], id: 'scope one' }),
      /^xs2a-kit conformance: malformed catalogue entry rules\[0\] \(scope one\): id: an id such as AIS-LIMIT-3$/,
    ],
    [
      'an unknown member',
      (list: Record<string, unknown>[]) => (list[5] = { ...list[5], scenarios: ['X'] }),
      /^xs2a-kit conformance: malformed catalogue entry rules\[5\] \(SCOPE-6\): \(entry\): Unrecognized key: "scenarios"$/,
    ],
    [
      'a duplicate id',
      (list: Record<string, unknown>[]) => list.push({ ...list[1] }),
      /^xs2a-kit conformance: malformed catalogue: the rule id SCOPE-2 appears twice$/,
    ],
  ])('exits 2 with one line naming %s', async (_what, spoil, message) => {
    const spoilt = rules.map((rule) => ({ ...rule })) as Record<string, unknown>[];
    spoil(spoilt);
    const { code, out, err } = await listed(true, spoilt);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err.split('\n').filter(Boolean)).toHaveLength(1);
    expect(err.trim()).toMatch(message);
  });

  it('exits 2 naming a scenario that cites a rule the catalogue lacks, or none', async () => {
    const [first, ...rest] = catalogue;
    const unknown = await listed(false, rules, [{ ...first!, rules: ['LIMIT-99'] }, ...rest]);
    expect([unknown.code, unknown.err]).toEqual([
      2,
      `xs2a-kit conformance: malformed catalogue: scenario ${first!.id} names the rule LIMIT-99, which the catalogue does not hold\n`,
    ]);
    const none = await listed(false, rules, [{ ...first!, rules: [] }, ...rest]);
    expect([none.code, none.err]).toEqual([
      2,
      `xs2a-kit conformance: malformed catalogue: scenario ${first!.id} names no rule it enforces\n`,
    ]);
  });

  it('lists a rule no scenario enforces as such, and counts it', async () => {
    const orphan = { id: 'LIMIT-99', section: 'Limits', statement: 'A rule nobody checks.' };
    const { code, out } = await listed(false, [...rules, orphan]);
    expect(code).toBe(0);
    expect(out).toContain('LIMIT-99');
    expect(out).toContain('enforced by NO SCENARIO');
    expect(out).toContain(
      `${rules.length + 1} rules (23 open points), ${rules.length} enforced by a scenario, 1 without one.\n`,
    );
  });
});
