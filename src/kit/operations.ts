/**
 * The scenarios' typed client, made from the endpoint table (`ENDPOINTS`, keyed by operationId): one
 * method per row, e.g. `api.initiatePayment({ product, body, headers, requestId })`, whose answer is
 * already held against the row (the client does that for every answer) and parsed: the success body
 * typed by the row's schema, an error as the tppMessages envelope. A scenario reads fields, never
 * casts; the raw `call` stays for requests the table does not describe or that are malformed on purpose.
 */
import type { z } from 'zod';
import {
  ENDPOINTS,
  type EndpointRow,
  type OperationId,
  type PathParameterName,
  type ResponseBodyName,
} from '../contract/endpoints.js';
import type { OUTPUT_SCHEMAS } from '../contract/openapi-schemas.js';
import type { TppMessageSchema } from '../contract/schemas.js';
import type { Reply, XsClient } from './client.js';
import { fail } from './failure.js';

/** How a path parameter of the table is named in a call: `{consent_id}` is `consentId`. */
const PARAMETERS = {
  consent_id: 'consentId',
  authorisation_id: 'authorisationId',
  account_id: 'accountId',
  payment_id: 'paymentId',
  payment_product: 'product',
} as const satisfies Record<PathParameterName, string>;
type ParameterKey = (typeof PARAMETERS)[PathParameterName];

/** The product a payment call addresses when it names none. */
export const DEFAULT_PRODUCT = 'sepa-credit-transfers';

type ParameterNames<P extends string> = P extends `${string}{${infer N}}${infer R}` ? N | ParameterNames<R> : never;
type ParametersOf<K extends OperationId> = {
  [N in ParameterNames<EndpointRow<K>['path']> & PathParameterName as (typeof PARAMETERS)[N]]: string;
};
/** The path parameters of an operation; the payment product may be left out (`sepa-credit-transfers`). */
export type Parameters<K extends OperationId> = Omit<ParametersOf<K>, 'product'> &
  ('product' extends keyof ParametersOf<K> ? { product?: string } : unknown);

export interface RequestParts {
  headers?: Record<string, string | undefined>;
  /** JSON-serialised. */
  body?: unknown;
  /** A chosen X-Request-ID, or false to send none. */
  requestId?: string | false;
  /** The query (GET transactions): pairs (undefined ones left out) or a ready string without `?`. */
  query?: string | Record<string, string | undefined>;
}

export type OperationInput<K extends OperationId> = Parameters<K> & RequestParts;

type SuccessName<K extends OperationId> = EndpointRow<K>['success'] extends { body: infer N extends ResponseBodyName }
  ? N
  : undefined;
/** The success body of an operation as its row's schema types it (undefined for a 204). */
export type SuccessBody<K extends OperationId> =
  SuccessName<K> extends ResponseBodyName ? z.output<(typeof OUTPUT_SCHEMAS)[SuccessName<K>]> : undefined;
export type TppMessage = z.output<typeof TppMessageSchema>;

export interface Answer<B> extends Reply {
  /** The row's success status was answered. */
  readonly ok: boolean;
  /** The success body, parsed by the row's schema; undefined on any other status (and on a 204). */
  readonly body: B | undefined;
  /** The error envelope of a 4xx, parsed; undefined otherwise. */
  readonly messages: readonly TppMessage[] | undefined;
  /** The first code of the envelope, if any. */
  readonly code: string | undefined;
  /** The success body; any other answer fails the check `what`, naming the status and code seen. */
  success(what?: string): B;
}

type RequiredKeys<T> = { [P in keyof T]-?: undefined extends T[P] ? never : P }[keyof T];
type OperationMethod<K extends OperationId> =
  RequiredKeys<Parameters<K>> extends never
    ? (input?: OperationInput<K>) => Promise<Answer<SuccessBody<K>>>
    : (input: OperationInput<K>) => Promise<Answer<SuccessBody<K>>>;

export type Operations = { [K in OperationId]: OperationMethod<K> };

function queryString(query: RequestParts['query']): string {
  if (query === undefined) return '';
  if (typeof query === 'string') return query === '' ? '' : `?${query}`;
  const pairs = Object.entries(query).filter((pair): pair is [string, string] => pair[1] !== undefined);
  return pairs.length === 0 ? '' : `?${new URLSearchParams(pairs).toString()}`;
}

/** The path of a row with its parameters filled in (each encoded as one path segment). */
export function operationPath(template: string, input: Partial<Record<ParameterKey, string>>): string {
  return template.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const key = PARAMETERS[name as PathParameterName];
    const value = input[key] ?? (key === 'product' ? DEFAULT_PRODUCT : undefined);
    if (value === undefined) throw new Error(`${template}: the call names no ${key}`);
    return encodeURIComponent(value);
  });
}

/** An answer read as the row says: typed success, envelope, and `success()` for a step that needs the success. */
export function answerOf<B>(reply: Reply, success: number, request: string): Answer<B> {
  const ok = reply.status === success;
  const envelope =
    reply.status >= 400 && reply.status < 500 ? (reply.parsed as { tppMessages: TppMessage[] } | undefined) : undefined;
  const messages = envelope?.tppMessages;
  const code = messages?.[0]?.code;
  const body = ok ? (reply.parsed as B | undefined) : undefined;
  return {
    ...reply,
    ok,
    body,
    messages,
    code,
    success(what = request) {
      if (!ok)
        fail(`${what} answered ${reply.status}${code ? ` ${code}` : ''} (expected ${success})`, {
          expected: success,
          actual: reply.json ?? reply.text,
          exchange: reply.evidence,
        });
      return body as B;
    },
  };
}

/** One method per row of the endpoint table, each sending through `client.call`. */
export function operations(client: XsClient): Operations {
  const methods: Record<string, (input?: OperationInput<OperationId>) => Promise<Answer<unknown>>> = {};
  for (const row of ENDPOINTS) {
    const method = row.method.toUpperCase();
    methods[row.operationId] = async (input = {} as OperationInput<OperationId>) => {
      const parts = input as RequestParts & Partial<Record<ParameterKey, string>>;
      const path = `${operationPath(row.path, parts)}${queryString(parts.query)}`;
      const reply = await client.call({
        method,
        path,
        ...(parts.headers ? { headers: parts.headers } : {}),
        ...(parts.body === undefined ? {} : { body: parts.body }),
        ...(parts.requestId === undefined ? {} : { requestId: parts.requestId }),
      });
      return answerOf(reply, row.success.status, `${method} ${row.path}`);
    };
  }
  return methods as unknown as Operations;
}

/** The raw client and its typed operations in one: what a scenario calls the target with. */
export type ScenarioClient = XsClient & Operations;

export function scenarioClient(client: XsClient): ScenarioClient {
  return { label: client.label, call: (options) => client.call(options), ...operations(client) };
}
