/**
 * JSON only (spec "Endpoints": every request and response body is JSON). A body in another
 * content type, malformed JSON, a body over the limit or nested deeper than the limit is a 400
 * FORMAT_ERROR envelope; the spec shows neither limit, so 64 KiB and 32 levels are chosen (far
 * above any body of the interface, whose deepest field is 3 levels down). The depth limit keeps
 * code that walks a body (the idempotency digest) from exhausting the stack on `[[[[…]]]]`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type RequestHandler } from 'express';
import { XsError } from '../../contract/index.js';

export const BODY_LIMIT_BYTES = 64 * 1024;
export const BODY_DEPTH_LIMIT = 32;

function hasBody(headers: IncomingMessage['headers']): boolean {
  return headers['transfer-encoding'] !== undefined || (headers['content-length'] !== undefined && headers['content-length'] !== '0');
}

/**
 * express's own `req.is` (type-is), called on a plain node request too, so the API (which has no
 * express request) and the customer surface judge a content type alike.
 */
function requireJson(req: IncomingMessage): void {
  if (hasBody(req.headers) && !express.request.is.call(req as express.Request, 'application/json')) {
    throw new XsError('FORMAT_ERROR', { text: 'Request bodies are JSON: send Content-Type: application/json.' });
  }
}

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

function limitDepth(body: unknown): void {
  if (exceedsDepth(body, BODY_DEPTH_LIMIT)) {
    throw new XsError('FORMAT_ERROR', { text: `The body is nested deeper than ${BODY_DEPTH_LIMIT} levels.` });
  }
}

/** body-parser's JSON reader: its errors carry a 4xx status and a `type` that toXsError turns into the texts. */
const jsonParser = () => express.json({ limit: BODY_LIMIT_BYTES, strict: true });

/** The customer surface's body handling, as express middleware (req.body). */
export function jsonBody(): RequestHandler[] {
  return [
    (req, _res, next) => {
      requireJson(req);
      next();
    },
    jsonParser(),
    (req, _res, next) => {
      limitDepth(req.body);
      next();
    },
  ];
}

/**
 * The same checks for the XS2A API over a plain node request (body-parser is a plain (req, res,
 * next) function and needs no express request). The reader answers undefined for a request
 * without a body, with no promise to wait for, and otherwise a promise of the body.
 */
export function jsonBodyReader(): (req: IncomingMessage, res: ServerResponse) => Promise<unknown> | undefined {
  const parse = jsonParser();
  return (req, res) => {
    if (!hasBody(req.headers)) return undefined;
    requireJson(req);
    return new Promise<unknown>((resolve, reject) => {
      parse(req as express.Request, res as express.Response, (error?: unknown) => {
        if (error !== undefined && error !== null) {
          reject(error);
          return;
        }
        const body = (req as { body?: unknown }).body;
        try {
          limitDepth(body);
          resolve(body);
        } catch (tooDeep) {
          reject(tooDeep);
        }
      });
    });
  };
}
