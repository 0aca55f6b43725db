/**
 * What the SCA page shows at each step (spec "Behaviour notes: Consents" 5: the customer sees the
 * provider's name, the data types, the accounts held and the validity before approving).
 */
import { XsError, type ScaStatus } from '../../contract/index.js';
import type { SandboxContext } from '../context.js';
import { coveredIbans, DATA_TYPES, expiryIfApprovedAt, heldOnly, type DataType } from '../rules/consents.js';
import { effectiveScaStatus, isExpired, MAX_OTP_FAILURES } from '../rules/sca.js';
import type { AuthorisationRecord } from '../store/data.js';
import { currentCode, findAuthorisation } from './sca.js';

export interface ConsentReview {
  recurring: boolean;
  frequencyPerDay: number;
  validUntil: string;
  requestedAccounts: number;
  /** A confirmation-of-funds consent: yes/no answers about one account, no data shared. */
  funds: boolean;
  /** Only after login: the requested accounts this customer holds, with the data types asked for each. */
  held: { iban: string; name: string; types: DataType[] }[];
}

export interface ScaPage {
  authorisationId: string;
  state: string;
  scaStatus: ScaStatus;
  expired: boolean;
  kind: 'consent' | 'payment';
  providerName: string;
  psuId: string | undefined;
  otpAttemptsLeft: number;
  /** The last code sent, for the sandbox's test phone. */
  code: string | undefined;
  /** Where "back to the provider" goes: the NOK address (or the redirect URI) with state. */
  returnTo: string;
  consent: ConsentReview | undefined;
}

function providerName(ctx: SandboxContext, tpp: string): string {
  return ctx.store.data.providers[tpp]?.name ?? tpp;
}

function consentReview(ctx: SandboxContext, authorisation: AuthorisationRecord): { review: ConsentReview; returnTo: string; tpp: string } {
  const consent = ctx.store.data.consents[authorisation.parent.id];
  if (!consent) throw new XsError('INTERNAL_SERVER_ERROR');
  const customer = authorisation.psuId ? ctx.seed.customer(authorisation.psuId) : undefined;
  const holds = new Set(customer?.accounts.map((account) => account.iban) ?? []);
  const lists = heldOnly(consent.requested, holds);
  const named = consent.cof ? [consent.cof.iban].filter((iban) => holds.has(iban)) : [...coveredIbans(lists)];
  const held = named.map((iban) => ({
    iban,
    name: ctx.seed.accountByIban(iban)?.name ?? iban,
    types: DATA_TYPES.filter((type) => lists[type].includes(iban)),
  }));
  const url = new URL(consent.nokRedirectUri ?? consent.redirectUri);
  url.searchParams.append('state', authorisation.state);
  return {
    tpp: consent.tpp,
    returnTo: url.toString(),
    review: {
      recurring: consent.recurringIndicator,
      frequencyPerDay: consent.frequencyPerDay,
      validUntil: expiryIfApprovedAt(consent, ctx.clock.now()).toISOString().slice(0, 10),
      requestedAccounts: consent.cof ? 1 : coveredIbans(consent.requested).size,
      funds: consent.cof !== undefined,
      held,
    },
  };
}

export function scaPage(ctx: SandboxContext, authorisationId: string): ScaPage {
  const authorisation = findAuthorisation(ctx, authorisationId);
  const now = ctx.clock.now();
  const parent = consentReview(ctx, authorisation);
  return {
    authorisationId,
    state: authorisation.state,
    scaStatus: effectiveScaStatus(authorisation, now),
    expired: isExpired(authorisation, now) && authorisation.scaStatus !== 'finalised' && authorisation.scaStatus !== 'failed',
    kind: authorisation.parent.kind,
    providerName: providerName(ctx, parent.tpp),
    psuId: authorisation.psuId,
    otpAttemptsLeft: MAX_OTP_FAILURES - authorisation.otpFailures,
    code: authorisation.scaStatus === 'started' ? currentCode(ctx, authorisationId) : undefined,
    returnTo: parent.returnTo,
    consent: parent.review,
  };
}
