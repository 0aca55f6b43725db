/**
 * How a scenario's steps end other than by passing. A broken expectation throws `ExpectationFailed`
 * (the target broke a rule); a check that cannot run throws `Inconclusive` (a step of the situation
 * failed, the SCA driver could not act, the target stayed unstable, a fixture is missing); anything
 * else thrown is an error of the kit, never blamed on the target.
 */
import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';
import type { FailureExchange } from './exchange.js';

export interface FailureDetails {
  expected?: unknown;
  actual?: unknown;
  /** The exchange the check judged, when the step knows it (else the scenario's last one is shown). */
  exchange?: FailureExchange | undefined;
}

export class ExpectationFailed extends Error {
  constructor(
    message: string,
    readonly details: FailureDetails = {},
  ) {
    super(message);
    this.name = 'ExpectationFailed';
  }
}

/** A check that could not run: the scenario is inconclusive with this reason, never passed or failed. */
export class Inconclusive extends Error {
  constructor(
    message: string,
    readonly exchange?: FailureExchange,
  ) {
    super(message);
    this.name = 'Inconclusive';
  }
}

/** The customer's stand-in could not act (a page it cannot read, a person who did not come). */
export class ScaDriverFailed extends Inconclusive {
  constructor(driver: string, cause: unknown) {
    super(`the SCA driver (${driver}) could not act: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'ScaDriverFailed';
  }
}

export function fail(message: string, details: FailureDetails = {}): never {
  throw new ExpectationFailed(message, details);
}

export function ensure(condition: unknown, message: string, details?: FailureDetails): asserts condition {
  if (!condition) fail(message, details);
}

export function ensureEqual<T>(actual: unknown, expected: T, what: string): asserts actual is T {
  if (!isDeepStrictEqual(actual, expected))
    fail(`${what}: expected ${show(expected)}, got ${show(actual)}`, { expected, actual });
}

export function ensureSchema<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issues = result.error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    fail(`${what} does not match the contract: ${issues.join('; ')}`, { actual: value });
  }
  return result.data;
}

export function show(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
