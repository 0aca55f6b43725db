/**
 * Reading a RevocationCallbackRequest (spec "Revocation callback endpoints"): the url follows the
 * redirect URI's rules (absolute https, no fragment); anything else is FORMAT_ERROR on `url`.
 */
import { RevocationCallbackRequestSchema, type RevocationCallbackRequest } from './cof.js';
import { XsError } from './errors.js';
import { parseOrFormatError } from './parse.js';
import { redirectUriProblem } from './redirect-uri.js';

export function readCallbackRequest(body: unknown): RevocationCallbackRequest {
  const request = parseOrFormatError(RevocationCallbackRequestSchema, body ?? {});
  const problem = redirectUriProblem(request.url);
  if (problem)
    throw new XsError('FORMAT_ERROR', { path: 'url', text: `url ${problem}: an absolute https URI without fragment.` });
  return request;
}
