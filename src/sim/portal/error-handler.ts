/**
 * The customer surface's error middleware: express 5 forwards whatever a handler throws (or a
 * rejected promise) here, and it answers the envelope of http/error-envelope.ts. Express's own router
 * raises a 4xx error of its own shape for input it cannot read (a malformed percent-escape in a path
 * parameter): the client's fault, answered as FORMAT_ERROR.
 */
import type { ErrorRequestHandler } from 'express';
import { XsError } from '../../contract/index.js';
import { asXsError, errorAnswer } from '../http/error-envelope.js';

function isClientError(error: unknown): boolean {
  const { status, statusCode } = (error ?? {}) as { status?: unknown; statusCode?: unknown };
  const code = typeof status === 'number' ? status : statusCode;
  return typeof code === 'number' && code >= 400 && code < 500;
}

export function errorHandler(log: (message: string) => void): ErrorRequestHandler {
  return (error, _req, res, _next) => {
    const xs =
      !(error instanceof XsError) && isClientError(error)
        ? new XsError('FORMAT_ERROR', { text: 'The request could not be read.' })
        : asXsError(error, log);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const answer = errorAnswer(xs);
    for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
    res.status(answer.status).json(answer.body);
  };
}
