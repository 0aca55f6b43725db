/**
 * Reading a request value with one of the contract's schemas: a zod failure becomes the spec's
 * FORMAT_ERROR with `path`, the dot-notated location of the first offending field, array positions
 * as numbers (`access.balances.0.iban`). Pure: the request readers of the contract use it, and the
 * API's edge runs them.
 */
import type { z } from 'zod';
import { XsError } from './errors.js';

/** A JSON object (not an array, not null): what a request body's own checks look into before its schema. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function fieldPath(path: readonly PropertyKey[]): string | undefined {
  return path.length > 0 ? path.map(String).join('.') : undefined;
}

export function parseOrFormatError<T>(schema: z.ZodType<T>, value: unknown, hint?: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue ? fieldPath(issue.path) : undefined;
  const text = hint ?? (issue ? `${path ? `${path}: ` : ''}${issue.message}` : 'The request is malformed.');
  throw new XsError('FORMAT_ERROR', { ...(path ? { path } : {}), text });
}
