/**
 * TPP-Redirect-URI and TPP-NOK-Redirect-URI (spec "Request headers"): an absolute https URI
 * with no fragment; anything else is FORMAT_ERROR.
 */
export function redirectUriProblem(value: string): string | undefined {
  if (/\s/.test(value)) return 'must not contain whitespace';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute URI';
  }
  // An https URL always has a host once parsed (WHATWG URL: "https://" alone does not parse), so no host check follows.
  if (url.protocol !== 'https:') return 'must use https';
  if (value.includes('#')) return 'must not carry a fragment';
  return undefined;
}

/** Appends `state=<uuid>` to the provider's redirect address (spec "Authorisation hand-over" 2). */
export function withState(uri: string, state: string): string {
  const url = new URL(uri);
  url.searchParams.append('state', state);
  return url.toString();
}
