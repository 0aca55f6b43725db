/**
 * A finding's evidence as it leaves the sandbox (report, console, files): the exchanges, masked by
 * the one policy of contract/mask.ts (card numbers to their last four digits, credentials, PEM
 * blocks, the callback secret; in the path, query, headers and bodies), bodies cut as the journal
 * cuts them (kept-body.ts), and the callback deliveries behind it.
 */
import { maskHeaders, maskQuery, maskText } from '../../contract/mask.js';
import type { ExchangeEvent } from '../exchange-events.js';
import { keptBody } from '../kept-body.js';

export interface ExchangeEvidence {
  /** The exchange's number in this sandbox (1, 2, 3, …), as the `exchange` event numbers it. */
  id: number;
  at: string;
  realAt: string;
  request: {
    method: string;
    path: string;
    query: string;
    headers: Record<string, string | string[]>;
    body?: unknown;
  };
  /** Null when the connection was closed without an answer. */
  answer: { status: number; headers: Record<string, string | string[]>; body?: unknown } | null;
  /** The fault rule kind that answered, held, dropped or marked the request. */
  fault?: string;
}

/** A revocation event sent to the provider's callback receiver, and what it answered. */
export interface CallbackEvidence {
  eventId: string;
  consentId: string;
  /** `delivery` (the sandbox's own, with its attempt number) or the forged kind. */
  sent: string;
  attempt?: number;
  status: number | null;
  error: string | null;
  at: string;
  realAt: string;
}

function body(text: string | undefined): { body?: unknown } {
  const kept = keptBody(text);
  return kept === undefined ? {} : { body: kept };
}

export function exchangeEvidence(event: ExchangeEvent): ExchangeEvidence {
  const { request, answer } = event;
  return {
    id: event.id,
    at: event.at,
    realAt: event.realAt,
    request: {
      method: request.method,
      path: maskText(request.path),
      query: maskQuery(request.query),
      headers: maskHeaders(request.headers),
      ...body(request.body),
    },
    answer: answer && { status: answer.status, headers: maskHeaders(answer.headers), ...body(answer.body) },
    ...(event.fault ? { fault: event.fault } : {}),
  };
}
