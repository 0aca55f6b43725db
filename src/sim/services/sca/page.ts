/**
 * What the SCA page shows at each step (spec "Behaviour notes: Consents" 5: the customer sees the
 * provider's name, the data types, the accounts held and the validity before approving).
 */
import { isoDate } from '../../../contract/dates.js';
import { withState, XsError, type ScaStatus } from '../../../contract/index.js';
import type { SandboxContext } from '../../context.js';
import { coveredIbans, DATA_TYPES, expiryIfApprovedAt, heldOnly, type DataType } from '../../rules/consents.js';
import { effectiveScaStatus, isExpired, MAX_OTP_FAILURES } from '../../rules/sca.js';
import type { AuthorisationRecord } from '../../store/data.js';
import { paymentReview } from '../payments/review.js';
import { currentCode } from './one-time-code.js';
import { findAuthorisation } from './save.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type ScaPageContext = Pick<SandboxContext, 'store' | 'clock' | 'world'>;

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

/** Spec "Behaviour notes: Payments" 1: the customer sees the amount, the payee and the debtor account. */
export interface PaymentPageReview {
  amount: string;
  currency: 'EUR';
  creditorName: string | undefined;
  creditorIban: string;
  debtorIban: string;
  debtorName: string;
  instant: boolean;
  requestedExecutionDate: string | undefined;
  remittanceInformationUnstructured: string;
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
  payment: PaymentPageReview | undefined;
}

function providerName(ctx: Pick<ScaPageContext, 'store'>, tpp: string): string {
  return ctx.store.get('providers', tpp)?.name ?? tpp;
}

function consentReview(
  ctx: ScaPageContext,
  authorisation: AuthorisationRecord,
): { review: ConsentReview; returnTo: string; tpp: string } {
  const consent = ctx.store.get('consents', authorisation.parent.id);
  if (!consent) throw new XsError('INTERNAL_SERVER_ERROR');
  const customer = authorisation.psuId ? ctx.world.seed.customer(authorisation.psuId) : undefined;
  const holds = new Set(customer?.accounts.map((account) => account.iban) ?? []);
  const lists = heldOnly(consent.requested, holds);
  const named = consent.cof ? [consent.cof.iban].filter((iban) => holds.has(iban)) : [...coveredIbans(lists)];
  const held = named.map((iban) => ({
    iban,
    name: ctx.world.seed.accountByIban(iban)?.name ?? iban,
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
      validUntil: isoDate(expiryIfApprovedAt(consent, ctx.clock.now())),
      requestedAccounts: consent.cof ? 1 : coveredIbans(consent.requested).size,
      funds: consent.cof !== undefined,
      held,
    },
  };
}

function paymentPageReview(
  ctx: ScaPageContext,
  authorisation: AuthorisationRecord,
): { review: PaymentPageReview; returnTo: string; tpp: string } {
  const payment = paymentReview(ctx, authorisation.parent.id);
  const record = ctx.store.get('payments', authorisation.parent.id);
  return {
    tpp: record?.tpp ?? '',
    returnTo: withState(payment.nokRedirectUri ?? payment.redirectUri, authorisation.state),
    review: {
      amount: payment.amount,
      currency: payment.currency,
      creditorName: payment.creditorName,
      creditorIban: payment.creditorIban,
      debtorIban: payment.debtorIban,
      debtorName: ctx.world.seed.accountByIban(payment.debtorIban)?.name ?? payment.debtorIban,
      instant: payment.product === 'instant-sepa-credit-transfers',
      requestedExecutionDate: payment.requestedExecutionDate,
      remittanceInformationUnstructured: payment.remittanceInformationUnstructured,
    },
  };
}

export function scaPage(ctx: ScaPageContext, authorisationId: string): ScaPage {
  const authorisation = findAuthorisation(ctx, authorisationId);
  const now = ctx.clock.now();
  const isPayment = authorisation.parent.kind === 'payment';
  const parent = isPayment ? paymentPageReview(ctx, authorisation) : consentReview(ctx, authorisation);
  return {
    authorisationId,
    state: authorisation.state,
    scaStatus: effectiveScaStatus(authorisation, now),
    expired:
      isExpired(authorisation, now) && authorisation.scaStatus !== 'finalised' && authorisation.scaStatus !== 'failed',
    kind: authorisation.parent.kind,
    providerName: providerName(ctx, parent.tpp),
    psuId: authorisation.psuId,
    otpAttemptsLeft: MAX_OTP_FAILURES - authorisation.otpFailures,
    code: authorisation.scaStatus === 'started' ? currentCode(ctx, authorisationId) : undefined,
    returnTo: parent.returnTo,
    consent: isPayment ? undefined : (parent.review as ConsentReview),
    payment: isPayment ? (parent.review as PaymentPageReview) : undefined,
  };
}
