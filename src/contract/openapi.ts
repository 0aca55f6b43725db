/**
 * The interface as an OpenAPI 3.1 document, built from the contract: components.schemas are
 * generated from the zod schemas (openapi-schemas.ts); paths come from the endpoint table
 * (endpoints.ts). Pure: no I/O. The simulator serves it at GET /openapi.json; the CLI writes it.
 */
import { z } from 'zod';
import { IsoDateSchema } from './ais.js';
import { ENDPOINTS, type EndpointEntry, type PathParameterName } from './endpoints.js';
import { BOOKING_STATUSES, PAYMENT_PRODUCTS } from './enums.js';
import { HEADERS } from './headers.js';
import { componentSchemas, inlineSchema, schemaRef, type JsonSchema } from './openapi-schemas.js';
import { RequestIdSchema } from './schemas.js';

export interface OpenApiOptions {
  /** The sandbox's API base URL; listed first so a generated client defaults to it (spec "Environments"). */
  sandboxUrl?: string;
  productionUrl?: string;
}

export const DEFAULT_SANDBOX_URL = 'https://localhost:8443';
export const DEFAULT_PRODUCTION_URL = 'https://xs2a.bank.example:8443';

/** Spec "Errors" → "Status classes". */
const STATUS_MEANINGS: Record<number, string> = {
  400: 'Malformed or unacceptable request.',
  401: 'Certificate or consent problem.',
  403: 'Role, registration or consent does not permit the request. On consent operations it also stands for not found (CONSENT_UNKNOWN).',
  404: 'No such resource for this provider.',
  405: 'CANCELLATION_INVALID: the payment can no longer be cancelled.',
  409: 'REQUEST_ID_REUSED: same X-Request-ID with a different payment body.',
  429: 'ACCESS_EXCEEDED: unattended daily limit reached; retrying sooner than Retry-After cannot succeed.',
  500: 'Server-side failure (best effort: a layer above the application may answer HTML or nothing).',
  503: 'Server-side failure: the service cannot answer for now (a hosted sandbox whose database cannot be reached); retry after Retry-After seconds.',
};

/**
 * Statuses every operation may answer whatever its row lists: a server-side failure of the 5xx class
 * (spec "Errors": Status classes, rule 2: retryable), here the service unable to reach its database.
 */
const ANY_OPERATION = [503] as const;

const SUCCESS_DESCRIPTIONS = { 200: 'OK', 201: 'Created', 204: 'No content (no body).' } as const;

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });

const PATH_PARAMETERS: Record<PathParameterName, { description: string; schema: JsonSchema }> = {
  consent_id: { description: 'Id returned at consent creation.', schema: inlineSchema(z.string()) },
  authorisation_id: {
    description:
      'From the creation response field authorisationId, or from the list endpoint; not to be parsed out of a link.',
    schema: inlineSchema(z.string()),
  },
  account_id: {
    description: 'The resourceId from the account list; an IBAN in this position is not recognised.',
    schema: inlineSchema(z.string()),
  },
  payment_id: { description: 'From paymentId.', schema: inlineSchema(z.string()) },
  payment_product: { description: 'The payment product.', schema: inlineSchema(z.enum(PAYMENT_PRODUCTS)) },
};

function parameters(): Record<string, JsonSchema> {
  const header = (name: string, required: boolean, description: string, schema: JsonSchema) => ({
    name,
    in: 'header',
    required,
    description,
    schema,
  });
  const query = (name: string, description: string, schema: JsonSchema) => ({
    name,
    in: 'query',
    required: false,
    description,
    schema,
  });
  const out: Record<string, JsonSchema> = {
    [HEADERS.requestId]: header(
      HEADERS.requestId,
      true,
      'UUID; echoed on every response. Idempotency key on payment initiation, correlation id elsewhere.',
      inlineSchema(RequestIdSchema),
    ),
    [HEADERS.consentId]: header(HEADERS.consentId, true, 'The consent acted under.', inlineSchema(z.string())),
    // The spec says "string"; the name and Berlin Group's definition (ipv4) make it an IP address.
    [HEADERS.psuIpAddress]: header(
      HEADERS.psuIpAddress,
      false,
      "The customer's IP address. Present: attended request (uncapped). Absent: unattended (capped, see Limits).",
      inlineSchema(z.union([z.ipv4(), z.ipv6()])),
    ),
    [HEADERS.redirectUri]: header(
      HEADERS.redirectUri,
      true,
      'Absolute https URI, no fragment; anything else is FORMAT_ERROR. Bound at creation.',
      inlineSchema(z.url()),
    ),
    [HEADERS.nokRedirectUri]: header(
      HEADERS.nokRedirectUri,
      false,
      'Where the customer returns on decline. Bound at creation.',
      inlineSchema(z.url()),
    ),
    dateFrom: query('dateFrom', 'Optional filter.', inlineSchema(IsoDateSchema)),
    dateTo: query('dateTo', 'Optional filter.', inlineSchema(IsoDateSchema)),
    entryReferenceFrom: query(
      'entryReferenceFrom',
      'Return only transactions after the one carrying this entryReference (the paging cursor).',
      inlineSchema(z.string()),
    ),
    bookingStatus: query(
      'bookingStatus',
      'Which lists to return; default booked.',
      inlineSchema(z.enum(BOOKING_STATUSES).default('booked')),
    ),
  };
  for (const [name, { description, schema }] of Object.entries(PATH_PARAMETERS))
    out[name] = { name, in: 'path', required: true, description, schema };
  return out;
}

function responseHeaders(): Record<string, JsonSchema> {
  const integer = inlineSchema(z.number().int());
  return {
    [HEADERS.requestId]: {
      description: 'The request’s X-Request-ID, echoed.',
      required: true,
      schema: { type: 'string' },
    },
    [HEADERS.rateLimitLimit]: {
      description: 'Unattended accesses allowed per data type per day.',
      required: true,
      schema: integer,
    },
    [HEADERS.rateLimitRemaining]: {
      description: 'Unattended accesses left for this data type today.',
      required: true,
      schema: integer,
    },
    [HEADERS.rateLimitReset]: {
      description: 'Unix timestamp of the next reset (midnight UTC).',
      required: true,
      schema: integer,
    },
    [HEADERS.retryAfter]: { description: 'Seconds to wait.', required: true, schema: integer },
  };
}

const RATE_LIMIT_HEADERS = [HEADERS.rateLimitLimit, HEADERS.rateLimitRemaining, HEADERS.rateLimitReset];

function errorResponses(): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const [status, description] of Object.entries(STATUS_MEANINGS)) {
    const names =
      status === '429'
        ? [HEADERS.requestId, ...RATE_LIMIT_HEADERS, HEADERS.retryAfter]
        : status === '503'
          ? [HEADERS.requestId, HEADERS.retryAfter]
          : [HEADERS.requestId];
    out[`Error${status}`] = {
      description,
      headers: Object.fromEntries(names.map((name) => [name, ref('headers', name)])),
      content: { 'application/json': { schema: schemaRef('TppMessages') } },
    };
  }
  return out;
}

function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
}

function operation(entry: EndpointEntry): JsonSchema {
  const params = [HEADERS.requestId, ...entry.headers, ...pathParameterNames(entry.path)];
  if (entry.transactionsQuery) params.push('dateFrom', 'dateTo', 'entryReferenceFrom', 'bookingStatus');
  const successHeaders = [HEADERS.requestId, ...(entry.capped ? RATE_LIMIT_HEADERS : [])];
  const success: JsonSchema = {
    description: SUCCESS_DESCRIPTIONS[entry.success.status],
    headers: Object.fromEntries(successHeaders.map((name) => [name, ref('headers', name)])),
    ...(entry.success.body ? { content: { 'application/json': { schema: schemaRef(entry.success.body) } } } : {}),
  };
  const responses: Record<string, JsonSchema> = { [String(entry.success.status)]: success };
  for (const status of [...entry.errors, ...ANY_OPERATION])
    responses[String(status)] = ref('responses', `Error${status}`);
  return {
    operationId: entry.operationId,
    summary: entry.summary,
    tags: [entry.tag],
    parameters: params.map((name) => ref('parameters', name)),
    ...(entry.requestBody
      ? { requestBody: { required: true, content: { 'application/json': { schema: schemaRef(entry.requestBody) } } } }
      : {}),
    responses,
  };
}

export function buildOpenApiDocument(options: OpenApiOptions = {}): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const entry of ENDPOINTS) (paths[entry.path] ??= {})[entry.method] = operation(entry);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Account-Access Service (XS2A)',
      // Spec "Versioning" 2: interface description version; it implements Berlin Group NextGenPSD2 v1.3.15 (JSON).
      version: '1.0.0',
      description:
        'PSD2 access-to-account interface (Berlin Group NextGenPSD2 XS2A v1.3.15, JSON): AIS, PIS (single SEPA transfers), CoF. Mutual TLS with an eIDAS QWAC on every request.',
    },
    // Spec "Environments": the sandbox is listed first, so a generated client defaults to it.
    servers: [
      { url: options.sandboxUrl ?? DEFAULT_SANDBOX_URL, description: 'Sandbox' },
      { url: options.productionUrl ?? DEFAULT_PRODUCTION_URL, description: 'Production' },
    ],
    // Spec "Authentication" 1-2: the certificate is the credential, on every operation.
    security: [{ qwac: [] }],
    tags: [...new Set(ENDPOINTS.map((entry) => entry.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: componentSchemas(),
      parameters: parameters(),
      headers: responseHeaders(),
      responses: errorResponses(),
      securitySchemes: {
        qwac: {
          type: 'mutualTLS',
          description: 'eIDAS QWAC carrying the provider’s PSD2 roles (PSP_IC for confirmation of funds).',
        },
      },
    },
  };
}
