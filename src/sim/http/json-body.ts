/**
 * JSON only (spec "Endpoints": every request and response body is JSON). A body in another
 * content type, malformed JSON, a body over the limit or nested deeper than the limit is a 400
 * FORMAT_ERROR envelope; the spec shows neither limit, so 64 KiB and 32 levels are chosen (far
 * above any body of the interface, whose deepest field is 3 levels down). The depth limit keeps
 * code that walks a body (the idempotency digest) from exhausting the stack on `[[[[…]]]]`.
 */
import express, { type RequestHandler } from 'express';
import { XsError } from '../../contract/index.js';

export const BODY_LIMIT_BYTES = 64 * 1024;
export const BODY_DEPTH_LIMIT = 32;

function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  return headers['transfer-encoding'] !== undefined || (headers['content-length'] !== undefined && headers['content-length'] !== '0');
}

const requireJson: RequestHandler = (req, _res, next) => {
  if (hasBody(req.headers) && !req.is('application/json')) {
    throw new XsError('FORMAT_ERROR', { text: 'Request bodies are JSON: send Content-Type: application/json.' });
  }
  next();
};

/** Depth of the deepest array or object, counted without recursion; stops once past `limit`. */
export function exceedsDepth(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth > limit) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

const limitDepth: RequestHandler = (req, _res, next) => {
  if (exceedsDepth(req.body, BODY_DEPTH_LIMIT)) {
    throw new XsError('FORMAT_ERROR', { text: `The body is nested deeper than ${BODY_DEPTH_LIMIT} levels.` });
  }
  next();
};

export function jsonBody(): RequestHandler[] {
  return [requireJson, express.json({ limit: BODY_LIMIT_BYTES, strict: true }), limitDepth];
}
