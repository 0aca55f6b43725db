/**
 * Assertions a scenario makes. A broken expectation throws `ExpectationFailed`; anything else thrown
 * (a connection error, a bug in a step) is reported as an error of the scenario, not of the target.
 */
import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';

export class ExpectationFailed extends Error {
  constructor(
    message: string,
    readonly details: { expected?: unknown; actual?: unknown } = {},
  ) {
    super(message);
    this.name = 'ExpectationFailed';
  }
}

export function fail(message: string, details: { expected?: unknown; actual?: unknown } = {}): never {
  throw new ExpectationFailed(message, details);
}

export function ensure(
  condition: unknown,
  message: string,
  details?: { expected?: unknown; actual?: unknown },
): asserts condition {
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
