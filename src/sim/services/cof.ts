/** Confirmation of funds: its consents and `POST /v1/funds-confirmations` (spec "Funds confirmation"). */
import {
  toCents,
  XsError,
  type FundsConfirmationConsentRequest,
  type FundsConfirmationRequest,
} from '../../contract/index.js';
import type { UnitOfWork } from '../bank/unit-of-work.js';
import type { SandboxContext } from '../context.js';
import { newCofConsent } from '../rules/cof.js';
import { requireUsable } from '../rules/consents.js';
import { spend } from './accounts/access.js';
import { storeNewConsent } from './consents/creation.js';
import { ownConsent } from './consents/lookup.js';

/** The header and body as the API's edge read them (contract/request-headers.ts, cof-request.ts). */
export function createCofConsent(
  ctx: SandboxContext,
  tpp: string,
  input: { redirectUri: string; request: FundsConfirmationConsentRequest },
) {
  const { redirectUri, request } = input;
  return ctx.bank.transact((uow) => {
    const now = ctx.clock.now();
    return storeNewConsent(ctx, uow, tpp, now, (consentId, authorisationId) =>
      newCofConsent({ consentId, authorisationId, tpp, request, redirectUri, now }),
    );
  });
}

/** A funds confirmation as the API's edge read it: attended when PSU-IP-Address was sent. */
export interface FundsInput {
  tpp: string;
  consentId: string;
  attended: boolean;
  request: FundsConfirmationRequest;
}

/**
 * Exactly `{fundsAvailable}` against the available balance (booked plus pending); nothing else is
 * ever returned. cardNumber is informational: not matched, not stored.
 */
export function confirmFunds(ctx: SandboxContext, input: FundsInput) {
  return ctx.bank.transact((uow) => confirm(ctx, uow, input));
}

function confirm(ctx: SandboxContext, uow: UnitOfWork, input: FundsInput) {
  const { request } = input;
  // An account-information consent, an unknown or a foreign one: CONSENT_UNKNOWN (spec "Behaviour notes: Consents" 3).
  const consent = ownConsent(ctx, input.tpp, input.consentId, 'cof');
  requireUsable(consent, ctx.clock.now());
  const cof = consent.cof;
  if (!cof || cof.iban !== request.account.iban) {
    throw new XsError('CONSENT_INVALID', { path: 'account.iban', text: 'The consent names another account.' });
  }
  const account = ctx.world.seed.accountByIban(cof.iban);
  const ledger = account ? ctx.world.ledgers.ledger(account) : undefined;
  const available = ledger ? ledger.bookedBalanceCents + ledger.pendingCents : 0;
  const fundsAvailable = available >= toCents(request.instructedAmount.amount);
  return spend(ctx, uow, consent, 'funds', input.attended, { fundsAvailable });
}
