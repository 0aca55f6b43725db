/** Consents as the sandbox's own surfaces list them: every consent (control API), a customer's (portal). */
import type { SandboxContext } from '../../context.js';
import { coveredIbans, DATA_TYPES, effectiveStatus } from '../../rules/consents.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type ConsentListsContext = Pick<SandboxContext, 'store' | 'clock'>;

/** Every consent in the sandbox, newest first, for the control API (and the portal and demo later). */
export function consentsView(ctx: ConsentListsContext) {
  const now = ctx.clock.now();
  return ctx.store
    .all('consents')
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .map((consent) => ({
      consentId: consent.consentId,
      kind: consent.kind,
      tpp: consent.tpp,
      consentStatus: effectiveStatus(consent, now),
      psuId: consent.psuId ?? null,
      recurringIndicator: consent.recurringIndicator,
      validUntil: consent.validUntil ?? consent.requestedValidUntil ?? null,
      createdAt: consent.createdAt,
    }));
}

/** The consents a customer approved, as their portal lists them. */
export function consentsOfCustomer(ctx: ConsentListsContext, psuId: string) {
  const now = ctx.clock.now();
  return ctx.store
    .find('consents', 'customer', psuId)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .map((consent) => {
      const granted = consent.granted ?? { accounts: [], balances: [], transactions: [] };
      const status = effectiveStatus(consent, now);
      return {
        consentId: consent.consentId,
        providerName: ctx.store.get('providers', consent.tpp)?.name ?? consent.tpp,
        accounts: [...coveredIbans(granted)].map((iban) => ({
          iban,
          types: DATA_TYPES.filter((type) => granted[type].includes(iban)),
        })),
        recurring: consent.recurringIndicator,
        validUntil: consent.validUntil ?? null,
        status,
        revocable: status === 'valid',
      };
    });
}
