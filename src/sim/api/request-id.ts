/**
 * X-Request-ID (spec "Request headers"): echoed on every response, errors included; required on
 * every request as a UUID. A missing or non-UUID value is a 400 FORMAT_ERROR (the spec does not
 * show this answer); the certificate is checked first, because a request without one is refused
 * with CERTIFICATE_MISSING "whatever else it contains".
 */
import type { IncomingHttpHeaders } from 'node:http';
import { HEADERS, RequestIdSchema, XsError } from '../../contract/index.js';

/**
 * Only printable ASCII is echoed. Node reads header bytes as latin1 but writes the headers of a
 * string body as UTF-8, so any other byte would come back changed; a UUID is always ASCII.
 */
export function echoable(id: string | string[] | undefined): id is string {
  return typeof id === 'string' && /^[\x20-\x7e]*$/.test(id);
}

/** The value to echo on the answer, or undefined when there is none fit to echo. */
export function requestIdEcho(headers: IncomingHttpHeaders): string | undefined {
  const id = headers['x-request-id'];
  return echoable(id) ? id : undefined;
}

export function requireRequestId(headers: IncomingHttpHeaders): void {
  const id = headers['x-request-id'];
  if (typeof id !== 'string' || !RequestIdSchema.safeParse(id).success) {
    throw new XsError('FORMAT_ERROR', {
      text: id === undefined ? 'X-Request-ID is required on every request (a UUID).' : 'X-Request-ID must be a UUID.',
    });
  }
}
