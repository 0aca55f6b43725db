/**
 * One exchange as the client rules read it: the `exchange` event the API's lifecycle emits, with
 * what the rules ask of it worked out once: the endpoint row it names (the contract's own path
 * matcher), the resources it names, whether it is attended, its X-Request-ID, its body compared by
 * value, and the code and fields of an error answer.
 */
import { ENDPOINTS, type OperationId } from '../../contract/endpoints.js';
import { createPathRouter } from '../../contract/path-router.js';
import { isRequestId } from '../../contract/schemas.js';
import type { ExchangeEvent } from '../exchange-events.js';

/** The unattended budgets of the interface ("Limits"): the account list and the account read share one. */
export type DataType = 'accounts' | 'balances' | 'transactions' | 'funds';

const DATA_TYPES: Partial<Record<OperationId, DataType>> = {
  getAccountList: 'accounts',
  readAccountDetails: 'accounts',
  getBalances: 'balances',
  getTransactionList: 'transactions',
  checkAvailabilityOfFunds: 'funds',
};

const findPath = createPathRouter(ENDPOINTS);

/** Path parameters as the router decodes them; one it could not decode (a malformed escape) stays as sent. */
function decodedParams(raw: Readonly<Record<string, string>>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const name in raw) {
    try {
      params[name] = decodeURIComponent(raw[name]!);
    } catch {
      params[name] = raw[name]!;
    }
  }
  return params;
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined || text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** JSON with object keys sorted at every depth: two bodies that differ only in key order are the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

function firstHeader(headers: ExchangeEvent['request']['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function allHeader(headers: ExchangeEvent['request']['headers'], name: string): string[] {
  const value = headers[name];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

function errorOf(json: unknown): { code: string | undefined; fields: string[] } {
  const messages = (json as { tppMessages?: unknown } | undefined)?.tppMessages;
  if (!Array.isArray(messages)) return { code: undefined, fields: [] };
  const items = messages as { code?: unknown; path?: unknown }[];
  return {
    code: typeof items[0]?.code === 'string' ? items[0].code : undefined,
    fields: items.flatMap((item) => (typeof item.path === 'string' ? [item.path] : [])),
  };
}

/**
 * What the checks read of one exchange. The bodies are parsed (and the request put in canonical
 * form) only when a check asks, which on most exchanges none does (a 2xx read has no error to read,
 * a GET no body to compare): the judge runs on every request of the hot path.
 */
class SeenExchange {
  readonly provider: string;
  /** The method an endpoint is looked up by: HEAD is answered by GET. */
  readonly method: string;
  readonly operationId: OperationId | undefined;
  /** The consent named in the path (consent operations) or by `Consent-ID` (account data, funds). */
  readonly consentId: string | undefined;
  readonly paymentId: string | undefined;
  readonly authorisationId: string | undefined;
  readonly accountId: string | undefined;
  /** The budget a consent-gated request draws on; undefined for every other operation. */
  readonly dataType: DataType | undefined;
  readonly attended: boolean;
  /** Every `X-Request-ID` value sent (none, one, or more when repeated). */
  readonly requestIds: readonly string[];
  /** Null: the connection was dropped without an answer. */
  readonly status: number | null;
  #body: { value: unknown } | undefined;
  #bodyKey: string | undefined;
  #answerJson: { value: unknown } | undefined;
  #error: { code: string | undefined; fields: string[] } | undefined;
  #wellFormedId: boolean | undefined;
  #atMs: number | undefined;
  #realMs: number | undefined;

  constructor(readonly event: ExchangeEvent & { provider: string }) {
    const { request, answer } = event;
    this.provider = event.provider;
    this.method = request.method === 'HEAD' ? 'GET' : request.method;
    // The route stage's row and decoded parameters; a request answered before the lifecycle routed it
    // still names the endpoint its path and method do.
    let params = event.params ?? {};
    this.operationId = event.operationId;
    if (this.operationId === undefined) {
      const match = findPath(request.path);
      const entry = match?.methods.get(this.method);
      params = entry ? decodedParams(match!.params) : {};
      this.operationId = entry?.operationId;
    }
    this.dataType = this.operationId ? DATA_TYPES[this.operationId] : undefined;
    this.consentId = params.consent_id ?? (this.dataType ? firstHeader(request.headers, 'consent-id') : undefined);
    this.paymentId = params.payment_id;
    this.authorisationId = params.authorisation_id;
    this.accountId = params.account_id;
    this.attended = request.headers['psu-ip-address'] !== undefined;
    this.requestIds = allHeader(request.headers, 'x-request-id');
    this.status = answer?.status ?? null;
  }

  /** Arrival on the sandbox clock, in ms: read by the checks that remember something, which most exchanges are not. */
  get atMs(): number {
    this.#atMs ??= Date.parse(this.event.at);
    return this.#atMs;
  }

  /** Arrival on the host clock, in ms. */
  get realMs(): number {
    this.#realMs ??= Date.parse(this.event.realAt);
    return this.#realMs;
  }

  get body(): unknown {
    this.#body ??= { value: parseJson(this.event.request.body) };
    return this.#body.value;
  }

  /** The body as a key: JSON by value (keys sorted), anything else as its text, '' without one. */
  get bodyKey(): string {
    if (this.#bodyKey === undefined) {
      const parsed = this.body;
      this.#bodyKey = parsed === undefined ? (this.event.request.body ?? '') : canonical(parsed);
    }
    return this.#bodyKey;
  }

  /** One X-Request-ID, and a UUID: asked by three checks of every exchange, so worked out once. */
  get wellFormedId(): boolean {
    this.#wellFormedId ??= this.requestIds.length === 1 && isRequestId(this.requestIds[0]!);
    return this.#wellFormedId;
  }

  get answerJson(): unknown {
    this.#answerJson ??= { value: parseJson(this.event.answer?.body) };
    return this.#answerJson.value;
  }

  get code(): string | undefined {
    return this.event.code ?? this.#errorOf().code;
  }

  /** The `path` of each tppMessage of an error answer. */
  get fields(): readonly string[] {
    return this.#errorOf().fields;
  }

  /** Only an error answer carries tppMessages (spec "Errors"): a 2xx or 3xx body is not read for them. */
  #errorOf(): { code: string | undefined; fields: string[] } {
    this.#error ??=
      this.status !== null && this.status >= 400 ? errorOf(this.answerJson) : { code: undefined, fields: [] };
    return this.#error;
  }
}

export type Seen = SeenExchange;

export function seenOf(event: ExchangeEvent & { provider: string }): Seen {
  return new SeenExchange(event);
}

/** Whether the request carried one X-Request-ID, and a UUID. */
export const wellFormedRequestId = (seen: Seen): boolean => seen.wellFormedId;

export const isInitiation = (seen: Seen) => seen.operationId === 'initiatePayment';

/** A 5xx, or a connection closed without an answer: what the interface says may be retried after a backoff. */
export const failedRetryably = (seen: Seen) => seen.status === null || seen.status >= 500;

/**
 * The request as the retry rules compare it: method, path, query, body by value and the headers
 * that decide the answer; `X-Request-ID` only on a payment initiation, where it is the idempotency key.
 */
export function requestKey(seen: Seen): string {
  const { headers, path, query } = seen.event.request;
  return JSON.stringify([
    seen.method,
    path,
    query,
    seen.bodyKey,
    firstHeader(headers, 'consent-id') ?? null,
    seen.attended,
    firstHeader(headers, 'tpp-redirect-uri') ?? null,
    firstHeader(headers, 'tpp-nok-redirect-uri') ?? null,
    isInitiation(seen) ? seen.requestIds.join(',') : null,
  ]);
}
