/**
 * X-Request-ID (spec "Request headers"): echoed on every response, errors included; required on
 * every request as a UUID. A missing or non-UUID value is a 400 FORMAT_ERROR (the spec does not
 * show this answer); the certificate is checked first, because a request without one is refused
 * with CERTIFICATE_MISSING "whatever else it contains".
 */
import type { RequestHandler } from 'express';
import { HEADERS, RequestIdSchema, XsError } from '../../contract/index.js';

export const echoRequestId: RequestHandler = (req, res, next) => {
  const id = req.headers['x-request-id'];
  if (typeof id === 'string') {
    try {
      res.setHeader(HEADERS.requestId, id);
    } catch {
      // A value node will not write back (control characters): nothing to echo.
    }
  }
  next();
};

export const requireRequestId: RequestHandler = (req, _res, next) => {
  const id = req.headers['x-request-id'];
  if (typeof id !== 'string' || !RequestIdSchema.safeParse(id).success) {
    throw new XsError('FORMAT_ERROR', {
      text: id === undefined ? 'X-Request-ID is required on every request (a UUID).' : 'X-Request-ID must be a UUID.',
    });
  }
  next();
};
