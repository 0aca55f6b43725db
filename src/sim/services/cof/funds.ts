/** `POST /v1/funds-confirmations` (spec "Funds confirmation"): a capped read under a CoF consent. */
import { toCents, XsError, type FundsConfirmationRequest } from '../../../contract/index.js';
import type { UnitOfWork } from '../../bank/unit-of-work.js';
import type { SandboxContext } from '../../context.js';
import { requireUsable } from '../../rules/consents.js';
import { spend } from '../accounts/access.js';
import { ownConsent } from '../consents/lookup.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type CofFundsContext = Pick<SandboxContext, 'store' | 'clock' | 'events' | 'world' | 'bank'>;

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
export function confirmFunds(ctx: CofFundsContext, input: FundsInput) {
  return ctx.bank.transact((uow) => confirm(ctx, uow, input));
}

function confirm(
  ctx: Pick<CofFundsContext, 'store' | 'clock' | 'events' | 'world'>,
  uow: UnitOfWork,
  input: FundsInput,
) {
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
