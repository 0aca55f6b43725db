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

/** The envelope an error answers with: the catalog's status, the error's own headers (Retry-After, Allow). */
export function errorAnswer(xs: XsError): { status: number; headers: Record<string, string>; body: TppMessagesBody } {
  return { status: xs.status, headers: xs.headers, body: errorBody(xs.code, { ...(xs.path === undefined ? {} : { path: xs.path }), text: xs.message }) };
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
