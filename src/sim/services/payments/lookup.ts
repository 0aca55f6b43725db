/**
 * Finding a payment, and its status now. Unknown ids, other providers' payments and the other
 * product's path all answer one fixed refusal: the bodies must be byte-identical (spec "Behaviour
 * notes: Payments" 7-8).
 */
import { XsError, type TransactionStatus } from '../../../contract/index.js';
import type { SandboxContext } from '../../context.js';
import { effectivePaymentStatus } from '../../rules/payments.js';
import type { PaymentRecord } from '../../store/data.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type PaymentLookupContext = Pick<SandboxContext, 'store'>;

export const unknownPayment = () => new XsError('RESOURCE_UNKNOWN', { text: 'No such payment.' });

export function paymentById(ctx: PaymentLookupContext, paymentId: string): PaymentRecord {
  const payment = ctx.store.get('payments', paymentId);
  if (!payment) throw unknownPayment();
  return payment;
}

/** The caller's own payment under the product it was initiated with. */
export function ownPayment(ctx: PaymentLookupContext, tpp: string, product: string, paymentId: string): PaymentRecord {
  const payment = ctx.store.get('payments', paymentId);
  if (!payment || payment.tpp !== tpp || payment.product !== product) throw unknownPayment();
  return payment;
}

/** The status a reader sees at `now`: the stored one as time and the ceremony have moved it (rules/payments.ts). */
export function paymentStatusAt(ctx: PaymentLookupContext, payment: PaymentRecord, now: Date): TransactionStatus {
  return effectivePaymentStatus(payment, ctx.store.get('authorisations', payment.authorisationId), now);
}

/** The statuses of several payments at `now`, their authorisations read at once. */
export function paymentStatusesAt(
  ctx: PaymentLookupContext,
  payments: readonly PaymentRecord[],
  now: Date,
): TransactionStatus[] {
  const authorisations = ctx.store.getMany(
    'authorisations',
    payments.map((payment) => payment.authorisationId),
  );
  return payments.map((payment, i) => effectivePaymentStatus(payment, authorisations[i], now));
}
