/** Confirmation of funds: its consents and `POST /v1/funds-confirmations` (spec "Funds confirmation"). */
import { toCents, XsError } from '../../contract/index.js';
import type { UnitOfWork } from '../bank/unit-of-work.js';
import type { SandboxContext } from '../context.js';
import { newCofConsent, readFundsRequest } from '../rules/cof.js';
import { requireUsable } from '../rules/consents.js';
import { attended, spend } from './access.js';
import { ownConsent, readRedirectUri, storeNewConsent } from './consents.js';

export function createCofConsent(ctx: SandboxContext, tpp: string, input: { redirectUri: string | undefined; body: unknown }) {
  return ctx.bank.transact((uow) => {
    const now = ctx.clock.now();
    const redirectUri = readRedirectUri(input.redirectUri, 'TPP-Redirect-URI', ctx.behaviour.redirectUriMissing);
    return storeNewConsent(ctx, uow, tpp, now, (consentId, authorisationId) => newCofConsent({ consentId, authorisationId, tpp, body: input.body, redirectUri, now }));
  });
}

export interface FundsInput {
  tpp: string;
  consentId: string | undefined;
  psuIpAddress: string | undefined;
  body: unknown;
}

/**
 * Exactly `{fundsAvailable}` against the available balance (booked plus pending); nothing else is
 * ever returned. cardNumber is informational: not matched, not stored.
 */
export function confirmFunds(ctx: SandboxContext, input: FundsInput) {
  return ctx.bank.transact((uow) => confirm(ctx, uow, input));
}

function confirm(ctx: SandboxContext, uow: UnitOfWork, input: FundsInput) {
  const isAttended = attended(input.psuIpAddress);
  const request = readFundsRequest(input.body);
  if (input.consentId === undefined) throw new XsError('FORMAT_ERROR', { text: 'Consent-ID is required on funds confirmations.' });
  // An account-information consent, an unknown or a foreign one: CONSENT_UNKNOWN (spec "Behaviour notes: Consents" 3).
  const consent = ownConsent(ctx, input.tpp, input.consentId, 'cof');
  requireUsable(consent, ctx.clock.now());
  const cof = consent.cof;
  if (!cof || cof.iban !== request.account.iban) {
    throw new XsError('CONSENT_INVALID', { path: 'account.iban', text: 'The consent names another account.' });
  }
  const account = ctx.seed.accountByIban(cof.iban);
  const ledger = account ? ctx.ledgers.ledger(account) : undefined;
  const available = ledger ? ledger.bookedBalanceCents + ledger.pendingCents : 0;
  const fundsAvailable = available >= toCents(request.instructedAmount.amount);
  return spend(ctx, uow, consent, 'funds', isAttended, { fundsAvailable });
}
