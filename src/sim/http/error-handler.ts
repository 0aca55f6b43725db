/**
 * The one place errors become responses: the spec's tppMessages envelope with the catalog's
 * status. Handlers throw; express 5 forwards rejected promises to errorHandler (the customer
 * surface), the XS2A API's pipeline catches them itself; both answer errorAnswer(toXsError(…)).
 * Nothing internal (stack, message of an unexpected error) ever reaches the client.
 */
import type { ErrorRequestHandler } from 'express';
import { errorBody, XsError, type TppMessagesBody } from '../../contract/index.js';
import { BODY_LIMIT_BYTES } from './json-body.js';

interface HttpLikeError {
  status?: number;
  statusCode?: number;
  type?: string;
  /** The byte limit a too-large body broke (raw-body and body-parser set it). */
  limit?: number;
}

/** 65536 → "64 KiB", 1048576 → "1 MiB". */
function bytes(count: number): string {
  return count % (1024 * 1024) === 0 ? `${count / (1024 * 1024)} MiB` : `${count / 1024} KiB`;
}

function bodyProblem(type: string | undefined, limit: number | undefined): string {
  switch (type) {
    case 'entity.parse.failed':
      return 'The body is not a JSON object or array.';
    case 'entity.too.large':
      // The limit the reader applied: the XS2A API's comes from the bank profile.
      return `The body is larger than ${bytes(limit ?? BODY_LIMIT_BYTES)}.`;
    case 'charset.unsupported':
    case 'encoding.unsupported':
      return 'The body must be UTF-8 JSON without content encoding.';
    default:
      return 'The request could not be read.';
  }
}

export function toXsError(error: unknown, log: (message: string) => void): XsError {
  if (error instanceof XsError) return error;
  const http = (error ?? {}) as HttpLikeError;
  const status = http.status ?? http.statusCode;
  // body-parser and the router raise 4xx errors for unreadable input (bad JSON, bad encoding, a
  // malformed percent-escape in the path): the client's fault, answered as FORMAT_ERROR.
  if (typeof status === 'number' && status >= 400 && status < 500)
    return new XsError('FORMAT_ERROR', { text: bodyProblem(http.type, http.limit) });
  log(`internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  return new XsError('INTERNAL_SERVER_ERROR');
}

/**
 * The envelope an error answers with: the catalog's status unless the caller serves another (the
 * XS2A API answers a bank profile's `status.<CODE>`), the error's own headers (Retry-After, Allow).
 */
export function errorAnswer(
  xs: XsError,
  status: number = xs.status,
): { status: number; headers: Record<string, string>; body: TppMessagesBody } {
  return {
    status,
    headers: xs.headers,
    body: errorBody(xs.code, { ...(xs.path === undefined ? {} : { path: xs.path }), text: xs.message }),
  };
}

export function errorHandler(log: (message: string) => void): ErrorRequestHandler {
  return (error, _req, res, _next) => {
    const xs = toXsError(error, log);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const answer = errorAnswer(xs);
    for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
    res.status(answer.status).json(answer.body);
  };
}
