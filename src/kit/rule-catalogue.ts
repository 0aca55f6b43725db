/**
 * The rule catalogue (conformance/rules.ts) joined with the scenarios that enforce each rule. A
 * scenario names the rules it enforces; a rule's scenarios are read from there, so a rule can never
 * name a scenario that does not exist — and a scenario naming a rule the catalogue lacks, a rule no
 * scenario enforces, or an entry of the wrong shape is a malformed catalogue.
 */
import { z } from 'zod';
import type { RuleRef } from './events.js';
import type { Scenario } from './scenario.js';

export const RULE_ID = /^[A-Z]+(?:-[A-Z]+)*-\d+$/;

const RuleSchema = z.strictObject({
  id: z.string().regex(RULE_ID, 'an id such as AIS-LIMIT-3'),
  section: z.string().min(1),
  statement: z
    .string()
    .min(10)
    .refine((text) => !text.includes('\n') && /[.!?)`]$/.test(text), 'one sentence, ending with a full stop'),
  open: z.strictObject({ choice: z.string().min(1) }).optional(),
});

export type CatalogueRule = z.infer<typeof RuleSchema>;

/** What `--list-rules --json` prints for each rule. */
export interface RuleCoverage extends RuleRef {
  scenarios: string[];
}

export class CatalogueMalformed extends Error {}

/** Checks every entry and every reference; answers each rule with the scenarios that enforce it. */
export function ruleCoverage(
  rules: readonly unknown[],
  scenarios: readonly Pick<Scenario, 'id' | 'rules'>[],
): (RuleCoverage & { open?: { choice: string } })[] {
  const checked: CatalogueRule[] = rules.map((entry, index) => {
    const result = RuleSchema.safeParse(entry);
    if (result.success) return result.data;
    const issue = result.error.issues[0];
    const id = typeof (entry as { id?: unknown } | null)?.id === 'string' ? ` (${(entry as { id: string }).id})` : '';
    throw new CatalogueMalformed(
      `malformed catalogue entry rules[${index}]${id}: ${issue ? `${issue.path.join('.') || '(entry)'}: ${issue.message}` : 'not a rule'}`,
    );
  });
  const byId = new Map<string, CatalogueRule>();
  for (const rule of checked) {
    if (byId.has(rule.id)) throw new CatalogueMalformed(`malformed catalogue: the rule id ${rule.id} appears twice`);
    byId.set(rule.id, rule);
  }
  const enforcing = new Map<string, string[]>();
  const scenarioIds = new Set<string>();
  for (const scenario of scenarios) {
    if (scenarioIds.has(scenario.id))
      throw new CatalogueMalformed(`malformed catalogue: the scenario id ${scenario.id} appears twice`);
    scenarioIds.add(scenario.id);
    if (scenario.rules.length === 0)
      throw new CatalogueMalformed(`malformed catalogue: scenario ${scenario.id} names no rule it enforces`);
    for (const id of scenario.rules) {
      if (!byId.has(id))
        throw new CatalogueMalformed(
          `malformed catalogue: scenario ${scenario.id} names the rule ${id}, which the catalogue does not hold`,
        );
      enforcing.set(id, [...(enforcing.get(id) ?? []), scenario.id]);
    }
  }
  return checked.map((rule) => ({
    id: rule.id,
    section: rule.section,
    statement: rule.statement,
    ...(rule.open ? { open: rule.open } : {}),
    scenarios: enforcing.get(rule.id) ?? [],
  }));
}

/** The catalogue for people: one line per rule with its coverage, then the totals. */
export function ruleListing(coverage: readonly (RuleCoverage & { open?: { choice: string } })[]): string {
  const width = Math.max(...coverage.map((rule) => rule.id.length));
  const lines = coverage.map((rule) => {
    const covered =
      rule.scenarios.length === 0
        ? 'NO SCENARIO'
        : `${rule.scenarios.length} scenario${rule.scenarios.length === 1 ? '' : 's'}`;
    const open = rule.open ? ` [open point; this sandbox: ${rule.open.choice}]` : '';
    return `${rule.id.padEnd(width)}  ${rule.section}: ${rule.statement}${open}\n${' '.repeat(width)}  enforced by ${covered}${rule.scenarios.length ? `: ${rule.scenarios.join(', ')}` : ''}`;
  });
  const uncovered = coverage.filter((rule) => rule.scenarios.length === 0).length;
  const open = coverage.filter((rule) => rule.open).length;
  return `${lines.join('\n')}\n\n${coverage.length} rules (${open} open points), ${coverage.length - uncovered} enforced by a scenario, ${uncovered} without one.\n`;
}
