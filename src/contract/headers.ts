/** Request and response header names of the spec ("Request headers", "Limits"). */
export const HEADERS = {
  requestId: 'X-Request-ID',
  consentId: 'Consent-ID',
  psuIpAddress: 'PSU-IP-Address',
  redirectUri: 'TPP-Redirect-URI',
  nokRedirectUri: 'TPP-NOK-Redirect-URI',
  rateLimitLimit: 'X-RateLimit-Limit',
  rateLimitRemaining: 'X-RateLimit-Remaining',
  rateLimitReset: 'X-RateLimit-Reset',
  retryAfter: 'Retry-After',
  serviceSignature: 'X-Service-Signature',
} as const;
