/**
 * What the XS2A API's router makes of a method and a path, over the wire through the real
 * listener: the route it picks (told by the operation's own answer: an unknown consent is 403
 * CONSENT_UNKNOWN, an unknown payment 404 "No such payment."), 404 RESOURCE_UNKNOWN for a path no
 * row has, 405 METHOD_NOT_ALLOWED with the path's Allow header, 400 for a malformed percent-escape.
 * Paths are matched without regard to case and with one trailing slash allowed; a literal segment
 * beats a parameter (`confirmation-of-funds`); HEAD is served by the GET route.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, type RawAnswer } from '../helpers/raw-request.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';

let t: TestSandbox;

beforeAll(async () => {
  t = await testSandbox(await certificateFolder());
});
afterAll(() => t.sandbox.close());

const CONSENT = 'The consent is unknown.';
const PAYMENT = 'No such payment.';
const WRONG_METHOD = 'This method is not allowed on this resource.';
const UNREADABLE = 'The request could not be read.';
const nowhere = (method: string, path: string) => `No resource at ${method} ${path}.`;

// method, path → status, code, Allow, text (HEAD answers carry no body, so no code or text).
const TABLE: [string, string, number, string | null, string | null, string | null][] = [
  ['GET', '/v1/accounts', 403, 'CONSENT_UNKNOWN', null, CONSENT],
  ['GET', '/V1/Accounts', 403, 'CONSENT_UNKNOWN', null, CONSENT],
  ['GET', '/v1/accounts/', 403, 'CONSENT_UNKNOWN', null, CONSENT],
  ['GET', '/v1/accounts?x=1', 403, 'CONSENT_UNKNOWN', null, CONSENT],
  ['GET', '/v1/accounts//', 404, 'RESOURCE_UNKNOWN', null, nowhere('GET', '/v1/accounts//')],
  ['GET', '/v1//accounts', 404, 'RESOURCE_UNKNOWN', null, nowhere('GET', '/v1//accounts')],
  ['GET', '/v1', 404, 'RESOURCE_UNKNOWN', null, nowhere('GET', '/v1')],
  ['GET', '/v1/', 404, 'RESOURCE_UNKNOWN', null, nowhere('GET', '/v1/')],
  ['GET', '/v1x/accounts', 404, 'RESOURCE_UNKNOWN', null, nowhere('GET', '/v1x/accounts')],
  ['GET', '/', 404, 'RESOURCE_UNKNOWN', null, nowhere('GET', '/')],
  ['GET', '/v1/accounts/a%20b/balances', 403, 'CONSENT_UNKNOWN', null, CONSENT],
  ['GET', '/v1/accounts/%2F%2e%2E/balances/', 403, 'CONSENT_UNKNOWN', null, CONSENT],
  ['GET', '/v1/accounts//balances', 404, 'RESOURCE_UNKNOWN', null, nowhere('GET', '/v1/accounts//balances')],
  ['GET', '/v1/accounts/%zz/balances', 400, 'FORMAT_ERROR', null, UNREADABLE],
  // A path is matched (and its parameters decoded) before its methods are looked at.
  ['POST', '/v1/accounts/%E0%A4/balances', 400, 'FORMAT_ERROR', null, UNREADABLE],
  [
    'GET',
    '/v1/accounts/x/balances/more',
    404,
    'RESOURCE_UNKNOWN',
    null,
    nowhere('GET', '/v1/accounts/x/balances/more'),
  ],
  ['HEAD', '/v1/accounts/x/balances', 403, null, null, null],
  ['HEAD', '/v1/consents', 405, null, 'POST', null],
  ['OPTIONS', '/v1/revocation-callback', 405, 'METHOD_NOT_ALLOWED', 'GET, PUT, DELETE, HEAD', WRONG_METHOD],
  ['POST', '/v1/accounts', 405, 'METHOD_NOT_ALLOWED', 'GET, HEAD', WRONG_METHOD],
  ['GET', '/v1/consents/confirmation-of-funds', 405, 'METHOD_NOT_ALLOWED', 'POST', WRONG_METHOD],
  [
    'POST',
    '/v1/Consents/Confirmation-Of-Funds/',
    400,
    'FORMAT_ERROR',
    null,
    'TPP-Redirect-URI is required: an absolute https URI without fragment.',
  ],
  ['DELETE', '/v1/consents/confirmation-of-funds/c1', 403, 'CONSENT_UNKNOWN', null, CONSENT],
  ['GET', '/v1/consents/confirmation-of-funds/c1/authorisations/a1', 403, 'CONSENT_UNKNOWN', null, CONSENT],
  ['PUT', '/v1/consents/c1', 405, 'METHOD_NOT_ALLOWED', 'GET, DELETE, HEAD', WRONG_METHOD],
  ['GET', '/v1/consents/%C3%A9t%C3%A9', 403, 'CONSENT_UNKNOWN', null, CONSENT],
  ['GET', '/v1/consents/c1/status/', 403, 'CONSENT_UNKNOWN', null, CONSENT],
  ['GET', '/v1/payments/sepa-credit-transfers/p1/authorisations/a1', 404, 'RESOURCE_UNKNOWN', null, PAYMENT],
  ['GET', '/v1/payments/sepa-credit-transfers/p1/AUTHORISATIONS/a1/', 404, 'RESOURCE_UNKNOWN', null, PAYMENT],
  ['PATCH', '/v1/payments/sepa-credit-transfers/p1', 405, 'METHOD_NOT_ALLOWED', 'GET, DELETE, HEAD', WRONG_METHOD],
  ['GET', '/v1/funds-confirmations', 405, 'METHOD_NOT_ALLOWED', 'POST', WRONG_METHOD],
  ['GET', '/v1/revocation-callback/x', 404, 'RESOURCE_UNKNOWN', null, nowhere('GET', '/v1/revocation-callback/x')],
  ['DELETE', '/v1/revocation-callback', 204, null, null, null],
];

const seen = (reply: RawAnswer) => {
  const message = (reply.json as { tppMessages?: { code: string; text: string }[] } | undefined)?.tppMessages?.[0];
  return [
    reply.status,
    message?.code ?? null,
    (reply.headers.allow as string | undefined) ?? null,
    message?.text ?? null,
  ];
};

describe('the API router, over the wire', () => {
  it.each(TABLE)('answers %s %s with %i %s', async (method, path, status, code, allow, text) => {
    const reply = await rawRequest(t.sandbox, path, {
      method,
      headers: { 'X-Request-ID': randomUUID(), 'Consent-ID': randomUUID() },
    });
    expect(seen(reply)).toEqual([status, code, allow, text]);
  });
});
