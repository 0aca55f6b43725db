import { describe, expect, it } from 'vitest';
import { contractMismatch, type Exchange } from '../helpers/openapi-check.js';

const REQUEST_ID = '3f1c2a8e-4b7d-4e1a-9c2b-5d6e7f809a1b';

function exchange(over: Partial<Exchange> & { path: string; json?: unknown }): Exchange {
  const json = over.json;
  return {
    method: 'GET',
    url: new URL(over.path, 'https://localhost:8443'),
    requestHeaders: { 'X-Request-ID': REQUEST_ID },
    status: 200,
    responseHeaders: { 'x-request-id': REQUEST_ID, 'content-type': 'application/json; charset=utf-8' },
    text: json === undefined ? '' : JSON.stringify(json),
    json,
    ...over,
  };
}

describe('the response check every API call of the tests goes through', () => {
  it('accepts an answer that fits its operation', () => {
    expect(
      contractMismatch(exchange({ path: '/v1/consents/abc/status', json: { consentStatus: 'valid' } })),
    ).toBeUndefined();
  });

  it('names the operation and the schema errors when a body drifts from the document', () => {
    const mismatch = contractMismatch(
      exchange({ path: '/v1/consents/abc/status', json: { consentStatus: 'granted' } }),
    );
    expect(mismatch).toContain('getConsentStatus');
    expect(mismatch).toContain('ConsentStatusResponse');
    expect(mismatch).toMatch(/allowed values/);
  });

  it('refuses an extra field, because response schemas are closed', () => {
    expect(
      contractMismatch(exchange({ path: '/v1/consents/abc/status', json: { consentStatus: 'valid', reason: 'x' } })),
    ).toMatch(/additional properties/);
  });

  it('refuses a status the endpoint row does not list', () => {
    const mismatch = contractMismatch(
      exchange({
        path: '/v1/consents/abc',
        status: 404,
        json: { tppMessages: [{ category: 'ERROR', code: 'RESOURCE_UNKNOWN' }] },
      }),
    );
    expect(mismatch).toContain('getConsent');
    expect(mismatch).toContain('status 404 is not listed');
  });

  it('refuses a capped answer without its rate-limit headers', () => {
    const mismatch = contractMismatch(
      exchange({
        path: '/v1/accounts',
        requestHeaders: { 'X-Request-ID': REQUEST_ID, 'Consent-ID': 'c' },
        json: { accounts: [] },
      }),
    );
    expect(mismatch).toContain('header X-RateLimit-Limit missing');
  });

  it('allows only 401, 403, 404 or 405 where the document has no operation', () => {
    const envelope = { tppMessages: [{ category: 'ERROR', code: 'RESOURCE_UNKNOWN' }] };
    expect(contractMismatch(exchange({ path: '/v1/nowhere', status: 404, json: envelope }))).toBeUndefined();
    expect(contractMismatch(exchange({ path: '/v1/nowhere', status: 200, json: {} }))).toContain('no such operation');
  });

  it('holds only the error envelope when the request itself lies outside the document', () => {
    const noId = { requestHeaders: {}, status: 400 };
    expect(
      contractMismatch(
        exchange({
          path: '/v1/consents/abc',
          ...noId,
          json: { tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR' }] },
        }),
      ),
    ).toBeUndefined();
    expect(contractMismatch(exchange({ path: '/v1/consents/abc', ...noId, json: { error: 'bad' } }))).toContain(
      'tppMessages envelope',
    );
  });
});
