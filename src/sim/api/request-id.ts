/**
 * X-Request-ID (spec "Request headers"): echoed on every response, errors included; required on
 * every request as a UUID. What a missing or non-UUID value gets is not shown by the spec: the
 * bank profile chooses (`requestId.missing`: refuse with 400 FORMAT_ERROR or generate one;
 * `requestId.notUuid`: refuse or accept it as sent). The certificate is checked first, because a
 * request without one is refused with CERTIFICATE_MISSING "whatever else it contains".
 */
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { isRequestId, XsError } from '../../contract/index.js';

/**
 * Only printable ASCII is echoed. Node reads header bytes as latin1 but writes the headers of a
 * string body as UTF-8, so any other byte would come back changed; a UUID is always ASCII.
 */
export function echoable(id: string | string[] | undefined): id is string {
  return typeof id === 'string' && /^[\x20-\x7e]*$/.test(id);
}

/**
 * The X-Request-ID the request is served under: the one sent, or, when none was sent and the
 * profile generates one, a fresh UUID (echoed as if the client had sent it). Undefined: none.
 */
export function servedRequestId(headers: IncomingHttpHeaders, missing: 'refuse' | 'generate'): string | undefined {
  const id = headers['x-request-id'];
  if (id === undefined) return missing === 'generate' ? randomUUID() : undefined;
  return typeof id === 'string' ? id : id.join(', ');
}

/** The value to echo on the answer, or undefined when there is none fit to echo. */
export function requestIdEcho(id: string | undefined): string | undefined {
  return echoable(id) ? id : undefined;
}

/**
 * Refuses a request without a usable X-Request-ID; a non-UUID passes only when the profile accepts
 * it and it can be echoed. A repeated header reaches here joined ("a, b"): never a UUID, and not
 * one value sent either, so an accepting profile refuses it too (whether it was repeated is asked
 * of the request only then: node builds its per-value header lists on first use).
 */
export function requireRequestId(
  id: string | undefined,
  notUuid: 'refuse' | 'accept',
  req: Pick<IncomingMessage, 'headersDistinct'>,
): void {
  if (id === undefined)
    throw new XsError('FORMAT_ERROR', { text: 'X-Request-ID is required on every request (a UUID).' });
  if (isRequestId(id)) return;
  const repeated = (req.headersDistinct['x-request-id']?.length ?? 0) > 1;
  if (notUuid === 'accept' && repeated) throw new XsError('FORMAT_ERROR', { text: 'X-Request-ID must be sent once.' });
  if (notUuid === 'accept' && id.length > 0 && echoable(id)) return;
  throw new XsError('FORMAT_ERROR', {
    text: notUuid === 'accept' ? 'X-Request-ID must be printable ASCII and not empty.' : 'X-Request-ID must be a UUID.',
  });
}
