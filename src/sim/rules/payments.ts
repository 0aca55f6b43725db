/**
 * Single SEPA credit transfers as plain data plus `now` (spec "Payment (TransactionStatus)",
 * "Behaviour notes: Payments"). Stored status is what was decided; what time decides is derived:
 * a RCVD payment whose ceremony failed or expired is RJCT, a PDNG payment the customer did not
 * answer within 24 hours is CANC, an ACSP payment past its settlement instant is ACSC.
 */
import { createHash } from 'node:crypto';
import {
  formatCents,
  toCents,
  type PaymentInitiationRequest,
  type PaymentProduct,
  type TransactionStatus,
} from '../../contract/index.js';
import type { AuthorisationRecord, PaymentRecord } from '../store/data.js';
import { effectiveScaStatus } from './sca.js';
import { businessDayAfter, businessDayOnOrAfter } from './target2.js';
import { isoDate } from '../../contract/dates.js';

/**
 * Spec "PaymentInitiationRequest": recorded when remittanceInformationUnstructured is omitted, and
 * shown wherever the payment is (its read, the debtor's and a held creditor's statement).
 */
const NEUTRAL_REMITTANCE = 'SEPA credit transfer';
/** Spec "Limits": a PDNG payment resolves to CANC 24 hours after the customer did not return. */
export const PAYEE_ANSWER_MS = 24 * 3_600_000;
/** Instant payments settle "within seconds": 10 seconds of sandbox time after acceptance. */
export const INSTANT_SETTLEMENT_MS = 10_000;
/** Standard and future-dated payments execute at 06:00 UTC of their day. */
const EXECUTION_TIME = 'T06:00:00.000Z';

export interface NewPaymentInput {
  paymentId: string;
  product: PaymentProduct;
  tpp: string;
  request: PaymentInitiationRequest;
  redirectUri: string;
  nokRedirectUri: string | undefined;
  authorisationId: string;
  now: Date;
}

export function newPayment(input: NewPaymentInput): PaymentRecord {
  const { request } = input;
  const at = input.now.toISOString();
  return {
    paymentId: input.paymentId,
    product: input.product,
    tpp: input.tpp,
    status: 'RCVD',
    debtorIban: request.debtorAccount.iban,
    debtorCurrency: request.debtorAccount.currency,
    creditorIban: request.creditorAccount.iban,
    creditorCurrency: request.creditorAccount.currency,
    creditorBic: request.creditorAccount.bic,
    creditorName: request.creditorName,
    amount: request.instructedAmount.amount,
    remittanceInformationUnstructured: request.remittanceInformationUnstructured,
    endToEndIdentification: request.endToEndIdentification,
    requestedExecutionDate: request.requestedExecutionDate,
    redirectUri: input.redirectUri,
    nokRedirectUri: input.nokRedirectUri,
    authorisationId: input.authorisationId,
    createdAt: at,
    statusChangedAt: at,
  };
}

export function amountCentsOf(payment: Pick<PaymentRecord, 'amount'>): number {
  return toCents(payment.amount);
}

export function remittanceOf(payment: Pick<PaymentRecord, 'remittanceInformationUnstructured'>): string {
  return payment.remittanceInformationUnstructured ?? NEUTRAL_REMITTANCE;
}

/**
 * Dynamic linking (spec "Behaviour notes: Payments" 1): a digest of what the customer is shown
 * and approves. The amount is normalised ("12.5" and "12.50" are the same money).
 */
export function paymentBinding(
  payment: Pick<PaymentRecord, 'amount' | 'creditorIban' | 'creditorName' | 'debtorIban'>,
): string {
  const shown = [
    formatCents(amountCentsOf(payment)),
    'EUR',
    payment.creditorIban,
    payment.creditorName ?? null,
    payment.debtorIban,
  ];
  return createHash('sha256').update(JSON.stringify(shown)).digest('hex');
}

/** When time alone moves the payment on (and money with it), if it does. */
export function dueAt(payment: PaymentRecord): string | undefined {
  if (payment.status === 'PDNG' && payment.pendingSince)
    return new Date(Date.parse(payment.pendingSince) + PAYEE_ANSWER_MS).toISOString();
  if (payment.status === 'ACSP') return payment.settleAt;
  return undefined;
}

export function effectivePaymentStatus(
  payment: PaymentRecord,
  authorisation: AuthorisationRecord | undefined,
  now: Date,
): TransactionStatus {
  if (payment.status === 'RCVD') {
    // The ceremony failed (declined, three wrong codes, 15 minutes passed): nothing can authorise it any more.
    return authorisation && effectiveScaStatus(authorisation, now) === 'failed' ? 'RJCT' : 'RCVD';
  }
  const due = dueAt(payment);
  if (due === undefined || now.getTime() < Date.parse(due)) return payment.status;
  return payment.status === 'PDNG' ? 'CANC' : 'ACSC';
}

/**
 * When an accepted payment executes and settles. Instant: 10 seconds after acceptance, any day.
 * Standard: 06:00 UTC on the next TARGET2 business day after the day of acceptance. Future-dated
 * (a requested date after the day of acceptance): 06:00 UTC on that date, for standard the first
 * business day on or after it.
 */
export function settlementPlan(
  product: PaymentProduct,
  requestedExecutionDate: string | undefined,
  acceptedAt: Date,
): { settleAt: string; futureDated: boolean } {
  const today = isoDate(acceptedAt);
  const futureDated = requestedExecutionDate !== undefined && requestedExecutionDate > today;
  const instant = product === 'instant-sepa-credit-transfers';
  if (futureDated) {
    const day = instant ? requestedExecutionDate : businessDayOnOrAfter(requestedExecutionDate);
    return { settleAt: `${day}${EXECUTION_TIME}`, futureDated };
  }
  if (instant) return { settleAt: new Date(acceptedAt.getTime() + INSTANT_SETTLEMENT_MS).toISOString(), futureDated };
  return { settleAt: `${businessDayAfter(today)}${EXECUTION_TIME}`, futureDated };
}

/**
 * Verification of payee: the name sent must be the account holder's, ignoring case and outer
 * spaces. Without a creditorName there is nothing to compare, and nothing is held back.
 */
export function payeeMatches(creditorName: string | undefined, holderName: string): boolean {
  return creditorName === undefined || creditorName.trim().toLowerCase() === holderName.trim().toLowerCase();
}

/**
 * Spec "Behaviour notes: Payments" 7: cancellable while it could still be cancelled in the
 * customer's portal: not yet authorised, waiting on the payee check, or accepted for a future date
 * and not yet executed (past execution it reads ACSC).
 */
export function isCancellable(payment: PaymentRecord, status: TransactionStatus): boolean {
  return status === 'RCVD' || status === 'PDNG' || (status === 'ACSP' && payment.futureDated === true);
}

export function withPaymentStatus(
  payment: PaymentRecord,
  status: PaymentRecord['status'],
  at: Date | string,
): PaymentRecord {
  return { ...payment, status, statusChangedAt: typeof at === 'string' ? at : at.toISOString() };
}

/** RCVD → ACSP: accepted for settlement, at the instant settlementPlan gives. */
export function accepted(payment: PaymentRecord, now: Date): PaymentRecord {
  return {
    ...withPaymentStatus(payment, 'ACSP', now),
    ...settlementPlan(payment.product, payment.requestedExecutionDate, now),
  };
}

/** RCVD → PDNG: the payee's name did not match; the customer's answer is awaited for 24 hours. */
export function awaitingPayee(payment: PaymentRecord, now: Date): PaymentRecord {
  return { ...withPaymentStatus(payment, 'PDNG', now), pendingSince: now.toISOString() };
}
