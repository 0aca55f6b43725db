/**
 * One exchange as the client rules read it: the `exchange` event the API's lifecycle emits, with
 * what the rules ask of it worked out once: the endpoint row it names (the contract's own path
 * matcher), the resources it names, whether it is attended, its X-Request-ID, its body compared by
 * value, and the code and fields of an error answer.
 */
import { ENDPOINTS, type BudgetType, type EndpointEntry, type OperationId } from '../../contract/endpoints.js';
import { createPathRouter } from '../../contract/path-router.js';
import { isRequestId } from '../../contract/schemas.js';
import { createHash } from 'node:crypto';
import type { ExchangeEvent } from '../exchange-events.js';
import { keptBody } from '../kept-body.js';

/** The unattended budgets of the interface ("Limits"), as the endpoint table names them per row. */
export type DataType = BudgetType;

/** What a request does to the consent it names, read from its endpoint row. */
export type ConsentAction = 'use' | 'read' | 'delete';

/**
 * The judge's facts about an operation, all from the endpoint table: a row with `Consent-ID` uses
 * a consent and draws on its row's budget; a GET of `…/{consent_id}` or `…/{consent_id}/status` reads
 * the consent; a DELETE of `…/{consent_id}` ends it. A row added to the table is judged by what it is.
 */
export interface EndpointFacts {
  readonly dataType: DataType | undefined;
  readonly consentAction: ConsentAction | undefined;
  /** The row reads a payment initiation's body: X-Request-ID is its idempotency key there. */
  readonly initiatesPayment: boolean;
}

function factsOf(row: EndpointEntry): EndpointFacts {
  const namesConsent = /\{consent_id\}(\/status)?$/.test(row.path);
  const consentAction: ConsentAction | undefined = row.headers.includes('Consent-ID')
    ? 'use'
    : namesConsent && row.method === 'get'
      ? 'read'
      : namesConsent && row.method === 'delete' && row.path.endsWith('{consent_id}')
        ? 'delete'
        : undefined;
  return { dataType: row.budget, consentAction, initiatesPayment: row.requestBody === 'PaymentInitiationRequest' };
}

export const ENDPOINT_FACTS: ReadonlyMap<OperationId, EndpointFacts> = new Map(
  ENDPOINTS.map((row) => [row.operationId, factsOf(row)]),
);

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

/** A decimal written without leading or trailing zeros: "33.10", "033.1" and 33.1 are one amount. */
function decimalValue(value: unknown): string | undefined {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string') return undefined;
  const match = /^(-?)0*(\d*?)(?:\.(\d*?)0*)?$/.exec(text.trim());
  if (!match || !/\d/.test(text)) return undefined;
  const [, sign, whole, fraction] = match;
  const number = `${whole || '0'}${fraction ? `.${fraction}` : ''}`;
  return number === '0' ? '0' : `${sign}${number}`;
}

/**
 * A value as the interface means it: an `amount` by its decimal value (spec "Amount": a decimal
 * string) and an `iban` without spaces in upper case (spec "AccountReference"), whatever the
 * writing. Two bodies that say the same thing are the same request, and the same payment.
 */
function valueOf(key: string | undefined, value: unknown): unknown {
  if (key === 'amount') return decimalValue(value) ?? value;
  if (key === 'iban' && typeof value === 'string') return value.replace(/\s/g, '').toUpperCase();
  return value;
}

/** JSON with object keys sorted at every depth, values as values: two bodies that say the same are the same request. */
export function canonical(value: unknown, key?: string): string {
  const own = valueOf(key, value);
  if (Array.isArray(own)) return `[${own.map((item) => canonical(item)).join(',')}]`;
  if (own !== null && typeof own === 'object')
    return `{${Object.keys(own)
      .sort()
      .map((name) => `${JSON.stringify(name)}:${canonical((own as Record<string, unknown>)[name], name)}`)
      .join(',')}}`;
  return JSON.stringify(own) ?? 'null';
}

/** The value of an amount, for comparing two payments: undefined when it is no decimal. */
export function amountValue(value: unknown): string | undefined {
  return decimalValue(value);
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
/** Bodies (and body keys) longer than this are kept masked and cut, and keyed by their digest. */
const BODY_KEY_CHARACTERS = 1_024;

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
  /** What the request does to the consent it names (its endpoint row says). */
  readonly consentAction: ConsentAction | undefined;
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

  #event: ExchangeEvent & { provider: string };

  /** The exchange as received; once compacted, its bodies masked and cut (compact). */
  get event(): ExchangeEvent & { provider: string } {
    return this.#event;
  }

  constructor(event: ExchangeEvent & { provider: string }) {
    this.#event = event;
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
    const facts = this.operationId ? ENDPOINT_FACTS.get(this.operationId) : undefined;
    this.dataType = facts?.dataType;
    this.consentAction = facts?.consentAction;
    this.consentId =
      params.consent_id ?? (this.consentAction === 'use' ? firstHeader(request.headers, 'consent-id') : undefined);
    this.paymentId = params.payment_id;
    this.authorisationId = params.authorisation_id;
    this.accountId = params.account_id;
    this.attended = request.headers['psu-ip-address'] !== undefined;
    this.requestIds = allHeader(request.headers, 'x-request-id');
    // An answer the client never got (it had closed the connection) is no answer, as the client sees it.
    this.status = event.clientClosed ? null : (answer?.status ?? null);
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

  /** When the answer left (or the connection closed), on the host clock, in ms. */
  get leftRealMs(): number {
    return this.realMs + this.event.latencyMs;
  }

  /** When the answer left, on the sandbox clock, in ms: where a backoff is measured from. */
  get leftMs(): number {
    return this.atMs + this.event.latencyMs;
  }

  get body(): unknown {
    this.#body ??= { value: parseJson(this.event.request.body) };
    return this.#body.value;
  }

  /**
   * The body as a key: JSON by value (keys sorted), anything else as its text, '' without one; a key
   * longer than BODY_KEY_CHARACTERS is its SHA-256 (equal keys stay equal), so the requests a rule
   * remembers by their key cost the same whatever their bodies weigh.
   */
  get bodyKey(): string {
    if (this.#bodyKey === undefined) {
      const parsed = this.body;
      const key = parsed === undefined ? (this.event.request.body ?? '') : canonical(parsed);
      this.#bodyKey =
        key.length > BODY_KEY_CHARACTERS ? `sha256:${createHash('sha256').update(key).digest('hex')}` : key;
    }
    return this.#bodyKey;
  }

  /**
   * Called once every rule judged the exchange: what a rule may still read of it later (its keys, its
   * answer's JSON, code and fields, its times) is worked out now, and its bodies are kept masked and
   * cut as the evidence shows them (kept-body.ts). A rule remembers up to a thousand exchanges per
   * provider; with their bodies as sent, 60 KB each, that was megabytes per provider, card numbers
   * and keys among them.
   */
  compact(): void {
    const { request, answer } = this.#event;
    const long = (text: string | undefined) => text !== undefined && text.length > BODY_KEY_CHARACTERS;
    if (!long(request.body) && !long(answer?.body)) return;
    void this.bodyKey;
    void this.answerJson;
    this.#errorOf();
    void this.atMs;
    void this.realMs;
    const kept = (text: string | undefined) => {
      const body = keptBody(text);
      return body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    };
    const body = kept(request.body);
    this.#body = { value: parseJson(body) };
    this.#event = {
      ...this.#event,
      request: { ...request, body },
      answer: answer && { ...answer, body: kept(answer.body) },
    };
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

export const isInitiation = (seen: Seen) =>
  seen.operationId !== undefined && ENDPOINT_FACTS.get(seen.operationId)?.initiatesPayment === true;

/**
 * Host-clock slack: the arrival is kept to the millisecond, the latency finer, so an answer and the
 * next request can look a millisecond apart in the wrong order. Within it, nobody reacts to anything.
 */
export const SAME_INSTANT_MS = 2;

/**
 * Whether the client could have known `earlier`'s answer when it sent `seen`: the answer left
 * before the request arrived. Events come in the order answers leave, so a slow answer is judged
 * after requests that arrived while it was held; the judge compares in arrival order (issue 39).
 */
export const answeredBefore = (earlier: Seen, seen: Seen): boolean =>
  earlier.leftRealMs <= seen.realMs + SAME_INSTANT_MS;

/** Whether `seen` arrived after `other`: the newer of two requests is the one a memory keeps. */
export const arrivedAfter = (seen: Seen, other: Seen): boolean => seen.realMs >= other.realMs;

/** A 5xx, or a connection closed without an answer: what the interface says may be retried after a backoff. */
export const failedRetryably = (seen: Seen) => seen.status === null || seen.status >= 500;

/**
 * The request as the retry rules compare it: method, path, query, body by value and the headers
 * that decide the answer; `X-Request-ID` only on a payment initiation, where it is the idempotency
 * key, and elsewhere only whether it was one UUID (the one thing about it a bank may refuse).
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
    // A request refused for its X-Request-ID alone and sent again with a valid one is not unchanged.
    seen.wellFormedId,
  ]);
}
