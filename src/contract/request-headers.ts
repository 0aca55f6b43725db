/**
 * Reading the request headers an operation acts on (spec "Request headers", "Errors"): each reader
 * gives the value in the type the simulator uses or throws the FORMAT_ERROR a client sees. The
 * API's edge calls them in the order docs/interpretations.md fixes for each operation.
 */
import { isIP } from 'node:net';
import { XsError } from './errors.js';
import { HEADERS } from './headers.js';
import { redirectUriProblem } from './redirect-uri.js';

/**
 * A required redirect header (Errors rule 7). An absent or empty one is refused with the code the
 * bank profile gives it (`redirectUri.missing`: FORMAT_ERROR, or SERVICE_INVALID as a bank offering
 * only the redirect approach answers); a malformed one is always FORMAT_ERROR.
 */
export function readRedirectUri(
  value: string | undefined,
  missing: 'FORMAT_ERROR' | 'SERVICE_INVALID',
  header: string = HEADERS.redirectUri,
): string {
  if (value === undefined || value === '')
    throw new XsError(missing, { text: `${header} is required: an absolute https URI without fragment.` });
  const problem = redirectUriProblem(value);
  if (problem) throw new XsError('FORMAT_ERROR', { text: `${header} ${problem}.` });
  return value;
}

/** TPP-NOK-Redirect-URI is optional, but when sent the same rules apply (an empty one is FORMAT_ERROR, whatever the profile). */
export function readNokRedirectUri(value: string | undefined): string | undefined {
  return value === undefined ? undefined : readRedirectUri(value, 'FORMAT_ERROR', HEADERS.nokRedirectUri);
}

/** PSU-IP-Address is optional; when sent it must be an IPv4 or IPv6 address. */
export function readPsuIpAddress(value: string | undefined): string | undefined {
  if (value !== undefined && isIP(value) === 0)
    throw new XsError('FORMAT_ERROR', { text: `${HEADERS.psuIpAddress} must be an IPv4 or IPv6 address.` });
  return value;
}

/** Consent-ID on the operations that act under a consent; `on` names them in the refusal ("account-data requests"). */
export function readConsentId(value: string | undefined, on: string): string {
  if (value === undefined) throw new XsError('FORMAT_ERROR', { text: `${HEADERS.consentId} is required on ${on}.` });
  return value;
}
