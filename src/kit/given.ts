/**
 * Given, then: a scenario builds its situation with steps whose rules other scenarios own (create a
 * consent, have the customer approve it, read an account's resourceId) and then checks its own rule.
 * A step of the situation that breaks is not the scenario's failure: it is inconclusive, naming the
 * scenario whose rule owns the step, and that scenario — which makes the same step as its own check —
 * fails. So a bank that breaks one creation rule gets one failure and many inconclusives, not a
 * failure in every scenario that needs a consent.
 */
import { ExpectationFailed, Inconclusive } from './failure.js';

/**
 * Runs a step of the situation owned by the scenario `owner`. A broken expectation inside it (a
 * status, a body off the contract, a state) becomes `Inconclusive` naming `what` and the owner; a
 * step inside a step keeps its own, nearer owner. The runner turns it into the owner's failure when
 * the running scenario is the owner itself.
 */
export async function given<T>(owner: string, what: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof ExpectationFailed) throw givenFailed(owner, what, error);
    throw error;
  }
}

/** The inconclusive a broken step of the situation makes: `<what>: <message>; see <owner>` (`what` said once). */
export function givenFailed(owner: string, what: string, error: ExpectationFailed): GivenFailed {
  return new GivenFailed(error.message.startsWith(what) ? error.message : `${what}: ${error.message}`, owner, error);
}

export class GivenFailed extends Inconclusive {
  constructor(
    readonly what: string,
    owner: string,
    /** The owner's own failure, as it reports it when it is the running scenario. */
    readonly failure: ExpectationFailed,
  ) {
    super(`${what}; see ${owner}`, failure.details.exchange, owner);
    this.name = 'GivenFailed';
  }
}
