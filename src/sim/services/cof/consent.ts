/** A confirmation-of-funds consent (spec "FundsConfirmationConsentRequest"), stored like an account-information one. */
import type { FundsConfirmationConsentRequest } from '../../../contract/index.js';
import type { SandboxContext } from '../../context.js';
import { newCofConsent } from '../../rules/cof.js';
import { storeNewConsent } from '../consents/creation.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type CofConsentContext = Pick<SandboxContext, 'store' | 'clock' | 'events' | 'addresses' | 'behaviour' | 'bank'>;

/** The header and body as the API's edge read them (contract/request-headers.ts, cof-request.ts). */
export function createCofConsent(
  ctx: CofConsentContext,
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
