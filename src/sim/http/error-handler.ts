/**
 * The one place errors become responses: the spec's tppMessages envelope with the catalog's
 * status. Handlers throw; express 5 forwards rejected promises here. Nothing internal (stack,
 * message of an unexpected error) ever reaches the client.
 */
import type { ErrorRequestHandler, Response } from 'express';
import { errorBody, XsError } from '../../contract/index.js';
import { BODY_LIMIT_BYTES } from './json-body.js';

interface HttpLikeError {
  status?: number;
  statusCode?: number;
  type?: string;
}

function bodyProblem(type: string | undefined): string {
  switch (type) {
    case 'entity.parse.failed':
      return 'The body is not a JSON object or array.';
    case 'entity.too.large':
      return `The body is larger than ${BODY_LIMIT_BYTES / 1024} KiB.`;
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
  if (typeof status === 'number' && status >= 400 && status < 500) return new XsError('FORMAT_ERROR', { text: bodyProblem(http.type) });
  log(`internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  return new XsError('INTERNAL_SERVER_ERROR');
}

/** Lets the request log see which code an answer carried. */
export function errorCodeOf(res: Response): string | undefined {
  return res.locals.errorCode as string | undefined;
}

export function errorHandler(log: (message: string) => void): ErrorRequestHandler {
  return (error, _req, res, _next) => {
    const xs = toXsError(error, log);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.locals.errorCode = xs.code;
    for (const [name, value] of Object.entries(xs.headers)) res.setHeader(name, value);
    res.status(xs.status).json(errorBody(xs.code, { ...(xs.path === undefined ? {} : { path: xs.path }), text: xs.message }));
  };
}
