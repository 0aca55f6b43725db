/**
 * From how a scenario's steps ended to its verdict (see `VERDICTS` in events.ts): a broken check of
 * its own rule fails it; a check that could not run makes it inconclusive with the reason (a step of
 * its situation owned by another scenario, the SCA driver, an unstable target, a missing fixture, a
 * check recorded as not checked); anything else thrown is an error of the kit.
 */
import type { FailureExchange, ScenarioResult } from './events.js';
import type { Exchange } from './exchange.js';
import { ExpectationFailed, Inconclusive } from './failure.js';
import { GivenFailed } from './given.js';

export type Verdict = Pick<ScenarioResult, 'status' | 'reason' | 'owner' | 'exchange' | 'failure'>;

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
export function verdictOfError(scenarioId: string, error: unknown, exchanges: readonly Exchange[]): Verdict {
  // A step of the situation that the scenario's own rule owns: its failure is this scenario's own.
  if (error instanceof GivenFailed && error.owner === scenarioId) return failed(error.failure, exchanges);
  if (error instanceof Inconclusive) {
    const exchange = error.exchange ?? lastExchange(exchanges);
    return {
      status: 'inconclusive',
      reason: error.message,
      ...(error.owner ? { owner: error.owner } : {}),
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
