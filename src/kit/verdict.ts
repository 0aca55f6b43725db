/**
 * From how a scenario's steps ended to its verdict (see `VERDICTS` in events.ts): a broken check of a
 * rule it enforces fails it; a check that could not run makes it inconclusive with the reason (a step
 * of its situation or an answer's shape governed by a rule other scenarios enforce, the SCA driver, an
 * unstable target, a missing fixture, a check recorded as not checked); anything else thrown is an
 * error of the kit.
 */
import type { ScenarioResult } from './events.js';
import type { Exchange, FailureExchange } from './exchange.js';
import { ExpectationFailed, Inconclusive } from './failure.js';
import { GivenFailed } from './given.js';

export type Verdict = Pick<ScenarioResult, 'status' | 'reason' | 'owner' | 'exchange' | 'failure'>;

/** Who a broken step is shown to: the scenario that holds the rule, by the rule's id. */
export type RuleOwners = ReadonlyMap<string, string>;

/** The family of a rule or scenario id: what comes before its number (`PIS-INIT` of `PIS-INIT-4`). */
const familyOf = (id: string) => id.replace(/-\d+$/, '');

/**
 * The scenario a broken step of each rule is shown at: the first, in run order, of the scenarios
 * enforcing the rule that bears the rule's family in its id (`PIS-INIT-001` for `PIS-INIT-4`), else
 * the first enforcing it at all.
 */
export function ruleOwners(scenarios: readonly { id: string; rules: readonly string[] }[]): Map<string, string> {
  const first = new Map<string, string>();
  const kin = new Map<string, string>();
  for (const scenario of scenarios)
    for (const rule of scenario.rules) {
      if (!first.has(rule)) first.set(rule, scenario.id);
      if (!kin.has(rule) && familyOf(scenario.id) === familyOf(rule)) kin.set(rule, scenario.id);
    }
  return new Map([...first].map(([rule, owner]) => [rule, kin.get(rule) ?? owner]));
}

/** The exchange a failure is shown with when the check named none: the last one the scenario made, where it stopped. */
function lastExchange(exchanges: readonly Exchange[]): FailureExchange | undefined {
  const last = exchanges.at(-1);
  return last ? { request: `${last.method} ${last.url}`, status: last.status, body: last.body } : undefined;
}

function failed(error: ExpectationFailed, exchanges: readonly Exchange[]): Verdict {
  const { exchange: named, ...details } = error.details;
  const exchange = named ?? lastExchange(exchanges);
  return {
    status: 'failed',
    failure: { kind: 'expectation', message: error.message, ...details, ...(exchange ? { exchange } : {}) },
  };
}

/** The verdict of a scenario whose steps threw `error`. */
export function verdictOfError(
  scenario: { id: string; rules: readonly string[] },
  error: unknown,
  exchanges: readonly Exchange[],
  owners: RuleOwners,
): Verdict {
  // A step (or an answer's shape) governed by a rule the scenario enforces: the failure is its own.
  if (error instanceof GivenFailed && scenario.rules.includes(error.ruleId)) return failed(error.failure, exchanges);
  if (error instanceof Inconclusive) {
    const exchange = error.exchange ?? lastExchange(exchanges);
    const owner = error instanceof GivenFailed ? owners.get(error.ruleId) : undefined;
    const see = error instanceof GivenFailed ? `; see ${owner ?? `rule ${error.ruleId}`}` : '';
    return {
      status: 'inconclusive',
      reason: `${error.message}${see}`,
      ...(owner ? { owner } : {}),
      ...(exchange ? { exchange } : {}),
    };
  }
  if (error instanceof ExpectationFailed) return failed(error, exchanges);
  const exchange = lastExchange(exchanges);
  return {
    status: 'error',
    failure: {
      kind: 'error',
      message: error instanceof Error ? error.message : String(error),
      ...(exchange ? { exchange } : {}),
    },
  };
}

/** The verdict of a scenario whose steps all ran: passed, unless a check was recorded as not checked. */
export function verdictOfCompletion(unchecked: ScenarioResult['unchecked']): Verdict {
  if (unchecked.length === 0) return { status: 'passed' };
  return {
    status: 'inconclusive',
    reason: unchecked.map(({ check, reason }) => `not checked: ${check} (${reason})`).join('; '),
  };
}
