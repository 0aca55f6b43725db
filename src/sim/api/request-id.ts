/**
 * X-Request-ID (spec "Request headers"): echoed on every response, errors included; required on
 * every request as a UUID. A missing or non-UUID value is a 400 FORMAT_ERROR (the spec does not
 * show this answer); the certificate is checked first, because a request without one is refused
 * with CERTIFICATE_MISSING "whatever else it contains".
 */
import type { RequestHandler } from 'express';
import { HEADERS, RequestIdSchema, XsError } from '../../contract/index.js';
import type { Deviations } from '../deviations.js';

/**
 * Only printable ASCII is echoed. Node reads header bytes as latin1 but writes the headers of a
 * string body as UTF-8, so any other byte would come back changed; a UUID is always ASCII.
 */
export function echoable(id: string | string[] | undefined): id is string {
  return typeof id === 'string' && /^[\x20-\x7e]*$/.test(id);
}

export const echoRequestId: RequestHandler = (req, res, next) => {
  const id = req.headers['x-request-id'];
  if (echoable(id)) res.setHeader(HEADERS.requestId, id);
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

/**
 * Deviations request-id-not-echoed-on-errors and request-id-not-echoed-on-success (tests only): the
 * echo is taken back from one class of answers just before the head is written. None otherwise.
 */
export function withheldEcho(deviations: Deviations): RequestHandler[] {
  const onErrors = deviations.has('request-id-not-echoed-on-errors');
  const onSuccess = deviations.has('request-id-not-echoed-on-success');
  if (!onErrors && !onSuccess) return [];
  return [
    (_req, res, next) => {
      const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => typeof res;
      res.writeHead = ((...args: unknown[]) => {
        const status = typeof args[0] === 'number' ? args[0] : res.statusCode;
        if (status >= 400 ? onErrors : onSuccess) res.removeHeader(HEADERS.requestId);
        return writeHead(...args);
      }) as typeof res.writeHead;
      next();
    },
  ];
}
