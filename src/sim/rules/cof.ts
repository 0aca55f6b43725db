/**
 * Confirmation-of-funds consents (spec "FundsConfirmationConsentRequest", "Funds confirmation"). A
 * CoF consent grants no data access; it names the one account confirmations are about. The request
 * arrives well-formed (contract/cof-request.ts, read at the API's edge).
 */
import type { FundsConfirmationConsentRequest } from '../../contract/index.js';
import type { ConsentRecord } from '../store/data.js';
import { RECURRING_FREQUENCY } from './consents.js';

export interface NewCofConsentInput {
  consentId: string;
  authorisationId: string;
  tpp: string;
  request: FundsConfirmationConsentRequest;
  redirectUri: string;
  now: Date;
}

export function newCofConsent(input: NewCofConsentInput): ConsentRecord {
  const { request } = input;
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
