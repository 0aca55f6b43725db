/**
 * Given, then: a scenario builds its situation with steps whose rules other scenarios hold (create a
 * consent, have the customer approve it, read an account's resourceId) and then checks its own rule.
 * A step of the situation that breaks is not the scenario's failure: it is inconclusive, naming the
 * scenario that holds the step's rule, and every scenario holding that rule — which makes the same
 * step as its own check — fails. So a bank that breaks one creation rule gets the failures of that
 * rule and many inconclusives, not a failure in every scenario that needs a consent.
 *
 * Every contract check the client makes on an answer (its row's body, the error envelope, no body on
 * a 204) belongs the same way to the rule of the answer's shape, wherever the answer comes from.
 */
import { ExpectationFailed, Inconclusive } from './failure.js';

/**
 * Runs a step of the situation that the catalogue rule `rule` governs. A broken expectation inside it
 * (a status, a body off the contract, a state) becomes `GivenFailed` naming `what` and the rule; a step
 * inside a step keeps its own, nearer rule. The runner makes it the failure of a scenario that enforces
 * the rule, and an inconclusive of any other.
 */
export async function given<T>(rule: string, what: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof ExpectationFailed) throw givenFailed(rule, what, error);
    throw error;
  }
}

/** `given` for a step with nothing to wait for (a check of an answer already at hand). */
export function givenNow<T>(rule: string, what: string, step: () => T): T {
  try {
    return step();
  } catch (error) {
    if (error instanceof ExpectationFailed) throw givenFailed(rule, what, error);
    throw error;
  }
}

/** The failure of a step governed by `rule`, its message saying `what` once. */
export function givenFailed(rule: string, what: string, error: ExpectationFailed): GivenFailed {
  const message = what === '' || error.message.startsWith(what) ? error.message : `${what}: ${error.message}`;
  return new GivenFailed(rule, new ExpectationFailed(message, error.details));
}

export class GivenFailed extends Inconclusive {
  constructor(
    /** The catalogue rule the broken step belongs to. */
    readonly ruleId: string,
    /** The failure as a scenario enforcing that rule reports it. */
    readonly failure: ExpectationFailed,
  ) {
    super(failure.message, failure.details.exchange);
    this.name = 'GivenFailed';
  }
}
