/**
 * Which row of the endpoint table a request addresses, and what its answer must look like. Used by
 * the conformance kit to hold every answer of any target against the contract.
 */
import type { z } from 'zod';
import { ENDPOINTS, type EndpointEntry } from './endpoints.js';
import { createPathRouter } from './path-router.js';
import { OUTPUT_SCHEMAS } from './openapi-schemas.js';
import { TppMessagesSchema } from './schemas.js';

const findPath = createPathRouter(ENDPOINTS);

/**
 * The row for a method and a path (no query), by the same matcher the simulator routes with: a
 * literal outranks a parameter, so `/v1/consents/confirmation-of-funds/x` is the CoF consent read,
 * not an AIS consent read.
 */
export function matchEndpoint(method: string, pathname: string): EndpointEntry | undefined {
  return findPath(pathname)?.methods.get(method.toUpperCase());
}

export type AnswerShape = { kind: 'body'; schema: z.ZodType; name: string } | { kind: 'empty' } | { kind: 'open' };

/**
 * What the spec requires of an answer with this status on this row: the success body, no body
 * (204), or the tppMessages envelope on a 4xx ("Errors": every error body is the envelope). A 5xx
 * body is best effort (Errors rule 3) and any status the row does not name is left open.
 */
export function answerShape(entry: EndpointEntry, status: number): AnswerShape {
  if (status === entry.success.status) {
    if (!entry.success.body) return { kind: 'empty' };
    return { kind: 'body', schema: OUTPUT_SCHEMAS[entry.success.body], name: entry.success.body };
  }
  if (status >= 400 && status < 500) return { kind: 'body', schema: TppMessagesSchema, name: 'TppMessages' };
  return { kind: 'open' };
}
