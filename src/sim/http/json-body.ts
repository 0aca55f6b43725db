/**
 * JSON only (spec "Endpoints": every request and response body is JSON). A body in another
 * content type, malformed JSON, a body over the limit or nested deeper than the limit is a 400
 * FORMAT_ERROR envelope; the spec shows neither limit, so 64 KiB (the default of the bank profile's
 * `request.bodyLimit`, which the XS2A API serves) and 32 levels are chosen (far above any body of
 * the interface, whose deepest field is 3 levels down). The depth limit keeps
 * code that walks a body (the idempotency digest) from exhausting the stack on `[[[[…]]]]`.
 */
import type { IncomingMessage } from 'node:http';
import express, { type RequestHandler } from 'express';
import getRawBody from 'raw-body';
import typeis from 'type-is';
import { XsError } from '../../contract/index.js';

/** The customer surface's limit, and the XS2A API's unless its profile serves another. */
export const BODY_LIMIT_BYTES = 64 * 1024;
export const BODY_DEPTH_LIMIT = 32;

function hasBody(headers: IncomingMessage['headers']): boolean {
  return (
    headers['transfer-encoding'] !== undefined ||
    (headers['content-length'] !== undefined && headers['content-length'] !== '0')
  );
}

/** type-is, the content-type judge express uses too, so the API and the customer surface judge alike. */
function requireJson(req: IncomingMessage): void {
  if (hasBody(req.headers) && typeis(req, ['application/json']) === false) {
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

/** A 4xx the error handler reads as FORMAT_ERROR, with body-parser's `type` so the texts agree. */
function bodyError(type: string, text: string): Error {
  return Object.assign(new Error(text), { status: 400, type });
}

/** The charset of a JSON body: UTF-8 unless the Content-Type names another (refused: JSON is UTF-8). */
function charsetOf(req: IncomingMessage): string {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(req.headers['content-type'] ?? '');
  return match ? match[1]!.toLowerCase() : 'utf-8';
}

/**
 * JSON as body-parser's strict reader takes it: an object or an array, an empty body as `{}`,
 * whitespace alone refused. A syntax error is the client's 400.
 */
function parseStrictJson(text: string): unknown {
  if (text.length === 0) return {};
  // Only an object or an array; whitespace alone is not a body.
  const first = /^[\x20\x09\x0a\x0d]*(.)/s.exec(text)?.[1];
  if (first !== '{' && first !== '[') throw bodyError('entity.parse.failed', 'The body is not a JSON object or array.');
  try {
    return JSON.parse(text);
  } catch {
    throw bodyError('entity.parse.failed', 'The body is not valid JSON.');
  }
}

/**
 * The same checks for the XS2A API over a plain node request, with raw-body reading the bytes
 * (its limit and length checks, its errors) and no express at all. The reader answers undefined for
 * a request without a body, with no promise to wait for, and otherwise a promise of the body.
 * Bodies are not compressed: a Content-Encoding other than identity is refused.
 */
export function jsonBodyReader(
  limitBytes: number = BODY_LIMIT_BYTES,
): (req: IncomingMessage) => Promise<unknown> | undefined {
  return (req) => {
    if (!hasBody(req.headers)) return undefined;
    requireJson(req);
    const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
    if (encoding !== 'identity')
      return Promise.reject(
        Object.assign(new Error(`Unsupported content encoding "${encoding}".`), {
          status: 415,
          type: 'encoding.unsupported',
        }),
      );
    const charset = charsetOf(req);
    if (!charset.startsWith('utf-'))
      return Promise.reject(
        Object.assign(new Error(`Unsupported charset "${charset.toUpperCase()}".`), {
          status: 415,
          type: 'charset.unsupported',
        }),
      );
    return getRawBody(req, { limit: limitBytes, length: req.headers['content-length'], encoding: charset }).then(
      (text) => {
        const body = parseStrictJson(text);
        limitDepth(body);
        return body;
      },
    );
  };
}
