import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './openapi.js';

type Json = Record<string, any>;

// Copied from the spec's "Endpoint list" (method and path, success status, error statuses), with
// its path parameter names; deliberately not derived from endpoints.ts.
const SPEC_ENDPOINTS: [string, string, number, number[]][] = [
  ['post', '/v1/consents/confirmation-of-funds', 201, [400, 401, 403, 500]],
  ['get', '/v1/consents/confirmation-of-funds/{consent_id}', 200, [401, 403, 500]],
  ['delete', '/v1/consents/confirmation-of-funds/{consent_id}', 204, [401, 403, 500]],
  ['get', '/v1/consents/confirmation-of-funds/{consent_id}/status', 200, [401, 403, 500]],
  ['post', '/v1/consents', 201, [400, 401, 403, 500]],
  ['get', '/v1/consents/{consent_id}', 200, [401, 403, 500]],
  ['delete', '/v1/consents/{consent_id}', 204, [401, 403, 500]],
  ['get', '/v1/consents/{consent_id}/status', 200, [401, 403, 500]],
  ['get', '/v1/consents/{consent_id}/authorisations', 200, [401, 403, 500]],
  ['get', '/v1/consents/{consent_id}/authorisations/{authorisation_id}', 200, [401, 403, 404, 500]],
  ['get', '/v1/accounts', 200, [401, 403, 429, 500]],
  ['get', '/v1/accounts/{account_id}', 200, [401, 403, 429, 500]],
  ['get', '/v1/accounts/{account_id}/balances', 200, [401, 403, 429, 500]],
  ['get', '/v1/accounts/{account_id}/transactions', 200, [401, 403, 429, 500]],
  ['post', '/v1/payments/{payment_product}', 201, [400, 401, 403, 409, 500]],
  ['get', '/v1/payments/{payment_product}/{payment_id}', 200, [401, 403, 404, 500]],
  ['delete', '/v1/payments/{payment_product}/{payment_id}', 200, [401, 403, 404, 405, 500]],
  ['get', '/v1/payments/{payment_product}/{payment_id}/status', 200, [401, 403, 404, 500]],
  ['get', '/v1/payments/{payment_product}/{payment_id}/authorisations', 200, [401, 403, 404, 500]],
  ['get', '/v1/payments/{payment_product}/{payment_id}/authorisations/{authorisation_id}', 200, [401, 403, 404, 500]],
  ['get', '/v1/revocation-callback', 200, [401, 403, 404, 500]],
  ['put', '/v1/revocation-callback', 200, [400, 401, 403, 500]],
  ['delete', '/v1/revocation-callback', 204, [401, 403, 500]],
  ['post', '/v1/funds-confirmations', 200, [400, 401, 403, 429, 500]],
  // Additions to the spec's list (docs/interpretations.md): where a CoF consent's scaStatus link leads.
  ['get', '/v1/consents/confirmation-of-funds/{consent_id}/authorisations', 200, [401, 403, 500]],
  [
    'get',
    '/v1/consents/confirmation-of-funds/{consent_id}/authorisations/{authorisation_id}',
    200,
    [401, 403, 404, 500],
  ],
];

// Spec "Request headers" and the endpoint rows: which operations name which extra headers.
const HEADER_USES: Record<string, string[]> = {
  'post /v1/consents/confirmation-of-funds': ['TPP-Redirect-URI'],
  'post /v1/consents': ['TPP-Redirect-URI', 'TPP-NOK-Redirect-URI', 'PSU-IP-Address'],
  'post /v1/payments/{payment_product}': ['TPP-Redirect-URI', 'TPP-NOK-Redirect-URI', 'PSU-IP-Address'],
  'get /v1/accounts': ['Consent-ID', 'PSU-IP-Address'],
  'get /v1/accounts/{account_id}': ['Consent-ID', 'PSU-IP-Address'],
  'get /v1/accounts/{account_id}/balances': ['Consent-ID', 'PSU-IP-Address'],
  'get /v1/accounts/{account_id}/transactions': ['Consent-ID', 'PSU-IP-Address'],
  'post /v1/funds-confirmations': ['Consent-ID', 'PSU-IP-Address'],
};
const CAPPED = [
  'get /v1/accounts',
  'get /v1/accounts/{account_id}',
  'get /v1/accounts/{account_id}/balances',
  'get /v1/accounts/{account_id}/transactions',
  'post /v1/funds-confirmations',
];

const doc = buildOpenApiDocument() as Json;

function resolve(node: Json): Json {
  if (typeof node.$ref !== 'string') return node;
  return (node.$ref as string)
    .slice(2)
    .split('/')
    .reduce((at: Json, key: string) => at[key], doc);
}

const operations = Object.entries(doc.paths as Json).flatMap(([path, item]) =>
  Object.entries(item as Json).map(([method, op]) => ({ key: `${method} ${path}`, op: op as Json })),
);
const operationOf = (key: string) => operations.find((o) => o.key === key)?.op as Json;
const parameterNames = (op: Json, where: string) =>
  (op.parameters as Json[])
    .map(resolve)
    .filter((p) => p.in === where)
    .map((p) => p.name as string);

describe('buildOpenApiDocument', () => {
  it('is an OpenAPI 3.1 document with exactly the endpoints of the spec, and the two CoF authorisation reads its links need', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(operations.map((o) => o.key).sort()).toEqual(
      SPEC_ENDPOINTS.map(([method, path]) => `${method} ${path}`).sort(),
    );
  });

  it('lists the success status and every error status of each endpoint row, 503 besides, and no other', () => {
    // 503: of the 5xx class any operation may answer (spec "Errors": Status classes), when a hosted
    // sandbox cannot reach its database.
    for (const [method, path, success, errors] of SPEC_ENDPOINTS) {
      const statuses = Object.keys(operationOf(`${method} ${path}`).responses)
        .map(Number)
        .sort();
      expect(statuses, `${method} ${path}`).toEqual([success, ...errors, 503].sort());
    }
  });

  it('answers 503 with the envelope, X-Request-ID and Retry-After on every operation', () => {
    for (const [method, path] of SPEC_ENDPOINTS) {
      const response = resolve(operationOf(`${method} ${path}`).responses['503']);
      expect(Object.keys(response.headers).sort()).toEqual(['Retry-After', 'X-Request-ID']);
      expect(response.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/TppMessages' });
    }
  });

  it('answers every error status with the tppMessages envelope and echoes X-Request-ID', () => {
    for (const [method, path, , errors] of SPEC_ENDPOINTS) {
      for (const status of errors) {
        const response = resolve(operationOf(`${method} ${path}`).responses[status]);
        expect(response.content['application/json'].schema, `${method} ${path} ${status}`).toEqual({
          $ref: '#/components/schemas/TppMessages',
        });
        expect(Object.keys(response.headers)).toContain('X-Request-ID');
      }
    }
  });

  it('declares no body for the 204 answers and a JSON body for every other success', () => {
    for (const [method, path, success] of SPEC_ENDPOINTS) {
      const response = operationOf(`${method} ${path}`).responses[success];
      if (success === 204) expect(response.content, `${method} ${path}`).toBeUndefined();
      else
        expect(response.content['application/json'].schema.$ref, `${method} ${path}`).toMatch(
          /^#\/components\/schemas\//,
        );
    }
  });

  it('requires a UUID X-Request-ID on every operation and names the extra headers of each row', () => {
    for (const { key, op } of operations) {
      const headers = parameterNames(op, 'header');
      expect(headers[0], key).toBe('X-Request-ID');
      expect(headers.slice(1).sort(), key).toEqual((HEADER_USES[key] ?? []).sort());
    }
    const requestId = resolve({ $ref: '#/components/parameters/X-Request-ID' });
    expect(requestId).toMatchObject({ in: 'header', required: true, schema: { type: 'string', format: 'uuid' } });
    expect(resolve({ $ref: '#/components/parameters/Consent-ID' }).required).toBe(true);
    expect(resolve({ $ref: '#/components/parameters/TPP-Redirect-URI' }).required).toBe(true);
    expect(resolve({ $ref: '#/components/parameters/TPP-NOK-Redirect-URI' }).required).toBe(false);
    expect(resolve({ $ref: '#/components/parameters/PSU-IP-Address' }).required).toBe(false);
  });

  it('declares every path parameter of the template, with payment_product as the enum of the two products', () => {
    for (const { key, op } of operations) {
      const inPath = [...key.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(parameterNames(op, 'path'), key).toEqual(inPath);
    }
    expect(resolve({ $ref: '#/components/parameters/payment_product' }).schema.enum).toEqual([
      'sepa-credit-transfers',
      'instant-sepa-credit-transfers',
    ]);
  });

  it('gives GET transactions its four query parameters, bookingStatus an enum defaulting to booked', () => {
    const op = operationOf('get /v1/accounts/{account_id}/transactions');
    expect(parameterNames(op, 'query').sort()).toEqual(['bookingStatus', 'dateFrom', 'dateTo', 'entryReferenceFrom']);
    expect(resolve({ $ref: '#/components/parameters/bookingStatus' }).schema).toMatchObject({
      enum: ['booked', 'pending', 'both'],
      default: 'booked',
    });
    expect(resolve({ $ref: '#/components/parameters/dateFrom' }).schema).toMatchObject({
      type: 'string',
      format: 'date',
    });
  });

  it('sends the rate-limit headers on the 200 and 429 of capped operations only, and Retry-After on 429', () => {
    for (const { key, op } of operations) {
      const ok = Object.keys(resolve(op.responses['200'] ?? op.responses['201'] ?? op.responses['204']).headers);
      if (CAPPED.includes(key)) {
        expect(ok, key).toEqual(
          expect.arrayContaining(['X-Request-ID', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']),
        );
        expect(Object.keys(resolve(op.responses['429']).headers).sort(), key).toEqual([
          'Retry-After',
          'X-RateLimit-Limit',
          'X-RateLimit-Remaining',
          'X-RateLimit-Reset',
          'X-Request-ID',
        ]);
      } else {
        expect(ok, key).toEqual(['X-Request-ID']);
        expect(op.responses['429'], key).toBeUndefined();
      }
    }
  });

  it('has request bodies generated from the zod inputs and response schemas from the zod outputs', () => {
    const schemas = doc.components.schemas as Json;
    expect(operationOf('post /v1/consents').requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ConsentRequest',
    });
    expect(schemas.ConsentRequest.required).toEqual(['access']);
    expect(schemas.FundsConfirmationResponse).toEqual({
      type: 'object',
      properties: { fundsAvailable: { type: 'boolean' } },
      required: ['fundsAvailable'],
      additionalProperties: false,
    });
    expect(schemas.AccountReference.properties.iban.pattern).toBe('^[A-Z]{2}[0-9]{2}[A-Z0-9]{4,30}$');
    expect(schemas.TransactionStatus.enum).toEqual(['RCVD', 'ACTC', 'PDNG', 'ACSP', 'ACSC', 'RJCT', 'CANC']);
    expect(schemas.SignedAmount.properties.amount.pattern).toBe('^-?[0-9]+(\\.[0-9]{1,2})?$');
  });

  it('lists the sandbox first and production second, and takes the sandbox URL it is given', () => {
    expect(doc.servers).toEqual([
      { url: 'https://localhost:8443', description: 'Sandbox' },
      { url: 'https://xs2a.bank.example:8443', description: 'Production' },
    ]);
    const own = buildOpenApiDocument({ sandboxUrl: 'https://localhost:41234' }) as Json;
    expect(own.servers[0]).toEqual({ url: 'https://localhost:41234', description: 'Sandbox' });
  });

  it('requires mutual TLS on every operation', () => {
    expect(doc.security).toEqual([{ qwac: [] }]);
    expect(doc.components.securitySchemes.qwac.type).toBe('mutualTLS');
  });
});
