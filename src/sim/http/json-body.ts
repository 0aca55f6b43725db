/**
 * JSON only (spec "Endpoints": every request and response body is JSON), for the XS2A API and the
 * control API alike. A body in another content type, malformed JSON, a body over the limit or
 * nested deeper than the limit is a 400 FORMAT_ERROR envelope; the spec shows neither limit, so 64
 * KiB (the default of the bank profile's `request.bodyLimit`, which the XS2A API serves) and 32
 * levels are chosen (far above any body of the interface, whose deepest field is 3 levels down).
 * The depth limit keeps code that walks a body (the idempotency digest) from exhausting the stack on
 * `[[[[…]]]]`. Bodies are not compressed: a Content-Encoding other than identity is refused. Every
 * refusal is the sandbox's own XsError, thrown here; raw-body reads the bytes (its limit and length
 * checks), type-is judges the content type.
 */
import type { IncomingMessage } from 'node:http';
import getRawBody from 'raw-body';
import typeis from 'type-is';
import { XsError } from '../../contract/index.js';

/** The customer surface's limit, and the XS2A API's unless its profile serves another. */
export const BODY_LIMIT_BYTES = 64 * 1024;
export const BODY_DEPTH_LIMIT = 32;

/** A body as received and as read. */
export interface JsonBody {
  /** The body's text, decoded in its charset: what the client sent. */
  text: string;
  value: unknown;
}

const refuse = (text: string) => new XsError('FORMAT_ERROR', { text });
/** The refusal of text that is not JSON (or a JSON scalar): a caller may answer it with a field's path of its own. */
export const NOT_JSON = 'The body is not a JSON object or array.';
const NOT_UTF8 = 'The body must be UTF-8 JSON without content encoding.';

/** Whether the request announces a body (a length above 0, or a transfer coding). */
export function hasBody(headers: IncomingMessage['headers']): boolean {
  return (
    headers['transfer-encoding'] !== undefined ||
    (headers['content-length'] !== undefined && headers['content-length'] !== '0')
  );
}

/** 65536 → "64 KiB", 1048576 → "1 MiB". */
function bytes(count: number): string {
  return count % (1024 * 1024) === 0 ? `${count / (1024 * 1024)} MiB` : `${count / 1024} KiB`;
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

/** The charset of a JSON body: UTF-8 unless the Content-Type names another (refused: JSON is UTF-8). */
function charsetOf(req: IncomingMessage): string {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(req.headers['content-type'] ?? '');
  return match ? match[1]!.toLowerCase() : 'utf-8';
}

/** An object or an array, an empty body as `{}`, whitespace alone refused (what a strict JSON reader takes). */
function parseStrictJson(text: string): unknown {
  if (text.length === 0) return {};
  const first = /^[\x20\x09\x0a\x0d]*(.)/s.exec(text)?.[1];
  if (first !== '{' && first !== '[') throw refuse(NOT_JSON);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw refuse(NOT_JSON);
  }
  if (exceedsDepth(value, BODY_DEPTH_LIMIT)) throw refuse(`The body is nested deeper than ${BODY_DEPTH_LIMIT} levels.`);
  return value;
}

/** raw-body's refusals (too large, a length that does not match, an aborted upload, an unknown charset) as ours. */
function readingError(error: unknown, limitBytes: number): unknown {
  const { status, type } = error as { status?: number; type?: string };
  if (typeof status !== 'number' || status < 400 || status >= 500) return error;
  if (type === 'entity.too.large') return refuse(`The body is larger than ${bytes(limitBytes)}.`);
  if (type === 'encoding.unsupported') return refuse(NOT_UTF8);
  return refuse('The request could not be read.');
}

/**
 * The reader over a plain node request: undefined (no promise to wait for) for a request without a
 * body, else a promise of the body as sent and as read. Throws or rejects with the refusal.
 */
export function jsonBodyReader(
  limitBytes: number = BODY_LIMIT_BYTES,
): (req: IncomingMessage) => Promise<JsonBody> | undefined {
  return (req) => {
    if (!hasBody(req.headers)) return undefined;
    if (typeis(req, ['application/json']) === false)
      throw refuse('Request bodies are JSON: send Content-Type: application/json.');
    const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
    const charset = charsetOf(req);
    if (encoding !== 'identity' || !charset.startsWith('utf-')) return Promise.reject(refuse(NOT_UTF8));
    return getRawBody(req, { limit: limitBytes, length: req.headers['content-length'], encoding: charset }).then(
      (text) => ({ text, value: parseStrictJson(text) }),
      (error: unknown) => {
        throw readingError(error, limitBytes);
      },
    );
  };
}
