/**
 * One request of the journal (`GET /sandbox/requests`, `sandbox.requests()`): an XS2A API exchange
 * as received and as answered, masked by the one policy of contract/mask.ts (card numbers to their
 * last four digits, credentials, PEM blocks, the callback secret; in the path, query, headers and
 * bodies) and its bodies cut to what kept-body.ts keeps, so the journal can be printed into a CI log
 * and holds nothing the bank itself does not.
 */
import { maskHeaders, maskNamed, maskQuery, maskTarget, maskText } from '../../contract/mask.js';
import type { ExchangeEvent, HeaderValues } from '../exchange-events.js';
import { keptBody } from '../kept-body.js';

export interface JournalEntry {
  /** 1, 2, 3, … in the order the sandbox answered its API requests (a clear does not restart it). */
  id: number;
  /** Arrival by the sandbox clock (what `since` compares). */
  at: string;
  /** Arrival by the host's clock. */
  realAt: string;
  /** The organizationIdentifier of the client certificate, null when none was accepted. */
  provider: string | null;
  request: {
    method: string;
    /** Path and query as received, masked (a masked parameter's value re-encoded). */
    url: string;
    /** The path without the query, masked. */
    path: string;
    /** The query decoded and masked: a parameter given twice is the list of its values. */
    query: HeaderValues;
    /** Names in lower case; a header sent twice is the list of its values. */
    headers: HeaderValues;
    /**
     * The JSON value when the body is JSON (masked), else its text (masked); null without a body. A body
     * longer than BODY_KEPT_CHARACTERS as text is its first part followed by `…[cut: N more characters]`.
     */
    body: unknown;
  };
  /** What the sandbox answered; null when the connection was dropped (a fault) without an answer. */
  response: { status: number; headers: HeaderValues; body: unknown } | null;
  /** The tppMessages code of an error answer, else null. */
  code: string | null;
  /** The fault rule kind that answered, held or dropped the request, else null. */
  fault: string | null;
  /** Arrival to answer, in milliseconds. */
  latencyMs: number;
}

/**
 * The query decoded, read from the query as masked: a PEM block cut by a raw `&` leaves its key
 * material in the parameters after it, which only the whole query (maskQuery) knows to mask.
 */
function decodedQuery(raw: string): HeaderValues {
  const query: HeaderValues = {};
  for (const [rawName, rawValue] of new URLSearchParams(maskQuery(raw))) {
    const name = maskText(rawName);
    const value = maskNamed(rawName, rawValue);
    const before = query[name];
    query[name] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
  }
  return query;
}

const bodyOf = (text: string | undefined): unknown => keptBody(text) ?? null;

export function journalEntry(event: ExchangeEvent): JournalEntry {
  const { request, answer } = event;
  return {
    id: event.id,
    at: event.at,
    realAt: event.realAt,
    provider: event.provider ?? null,
    request: {
      method: request.method,
      url: maskTarget(request.path, request.query),
      path: maskText(request.path),
      query: decodedQuery(request.query),
      headers: maskHeaders(request.headers),
      body: bodyOf(request.body),
    },
    response: answer && { status: answer.status, headers: maskHeaders(answer.headers), body: bodyOf(answer.body) },
    code: event.code ?? null,
    fault: event.fault ?? null,
    latencyMs: Math.round(event.latencyMs * 10) / 10,
  };
}
