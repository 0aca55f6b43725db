/**
 * Confirmation-of-funds consents and requests (spec "FundsConfirmationConsentRequest",
 * "FundsConfirmationRequest", "Funds confirmation"). A CoF consent grants no data access; it names
 * the one account confirmations are about.
 */
import { FundsConfirmationConsentRequestSchema, FundsConfirmationRequestSchema, XsError } from '../../contract/index.js';
import { parseOrFormatError } from '../../contract/parse.js';
import type { ConsentRecord } from '../store/data.js';
import { RECURRING_FREQUENCY } from './consents.js';
import { isoDate } from '../../contract/dates.js';

export interface NewCofConsentInput {
  consentId: string;
  authorisationId: string;
  tpp: string;
  body: unknown;
  redirectUri: string;
  now: Date;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function newCofConsent(input: NewCofConsentInput): ConsentRecord {
  if (!isObject(input.body)) throw new XsError('FORMAT_ERROR', { text: 'The body must be a FundsConfirmationConsentRequest object.' });
  // recurringIndicator and frequencyPerDay are not accepted here: sending either has no effect.
  const { recurringIndicator: _r, frequencyPerDay: _f, ...rest } = input.body;
  const request = parseOrFormatError(FundsConfirmationConsentRequestSchema, rest);
  const today = isoDate(input.now);
  if (request.validUntil !== undefined && request.validUntil < today) {
    throw new XsError('FORMAT_ERROR', { path: 'validUntil', text: `validUntil must not be in the past (today is ${today}).` });
  }
  const at = input.now.toISOString();
  return {
    consentId: input.consentId,
    kind: 'cof',
    tpp: input.tpp,
    status: 'received',
    // Lives until validUntil like a recurring consent; never one-off, never superseding (it grants no lists).
    recurringIndicator: true,
    frequencyPerDay: RECURRING_FREQUENCY,
    requested: { accounts: [], balances: [], transactions: [] },
    currencies: {},
    requestedValidUntil: request.validUntil,
    redirectUri: input.redirectUri,
    nokRedirectUri: undefined,
    authorisationId: input.authorisationId,
    createdAt: at,
    lastActionAt: at,
    // cardNumber and cardExpiryDate are checked but not kept: no answer ever shows them.
    cof: { iban: request.account.iban, currency: request.account.currency },
  };
}

export function readFundsRequest(body: unknown) {
  return parseOrFormatError(FundsConfirmationRequestSchema, body ?? {});
}
