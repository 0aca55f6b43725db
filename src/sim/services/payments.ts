/**
 * Payments for the initiating provider (spec "Endpoint list", "Behaviour notes: Payments" 6-8), and
 * the payment API the customer surface uses (SCA page, portal), re-exported from one place.
 */
import { XsError } from '../../contract/index.js';
import type { SandboxContext } from '../context.js';
import { paymentView } from '../rules/payments.js';
import { servedScaStatus } from '../rules/sca.js';
import type { PaymentRecord } from '../store/data.js';
import { cancel, statusOf, unknownPayment } from './payment-records.js';

export { initiatePayment, type PaymentInitiationInput } from './payment-initiation.js';
export {
  authorisePayment,
  cancelByCustomer,
  cancellablePaymentsOf,
  confirmPayee,
  paymentReview,
  pendingPayeeChecksOf,
  rejectPayment,
  type PaymentReview,
} from './payment-customer.js';

/**
 * The caller's own payment under the product it was initiated with. Unknown ids, other providers'
 * payments and the other product's path all answer the same 404 (spec "Behaviour notes: Payments" 7-8).
 */
export function ownPayment(ctx: SandboxContext, tpp: string, product: string, paymentId: string): PaymentRecord {
  const payment = ctx.store.data.payments[paymentId];
  if (!payment || payment.tpp !== tpp || payment.product !== product) throw unknownPayment();
  return payment;
}

export function readPayment(ctx: SandboxContext, tpp: string, product: string, paymentId: string) {
  const payment = ownPayment(ctx, tpp, product, paymentId);
  return paymentView(payment, statusOf(ctx, payment, ctx.clock.now()));
}

export function paymentStatus(ctx: SandboxContext, tpp: string, product: string, paymentId: string) {
  const payment = ownPayment(ctx, tpp, product, paymentId);
  return { transactionStatus: statusOf(ctx, payment, ctx.clock.now()) };
}

/** Spec "Authorisations": for a payment, the ids scoped to the calling provider (only the initiator can address it). */
export function paymentAuthorisations(ctx: SandboxContext, tpp: string, product: string, paymentId: string) {
  return { authorisationIds: [ownPayment(ctx, tpp, product, paymentId).authorisationId] };
}

export function paymentAuthorisation(
  ctx: SandboxContext,
  tpp: string,
  product: string,
  paymentId: string,
  authorisationId: string,
) {
  const payment = ownPayment(ctx, tpp, product, paymentId);
  const authorisation = ctx.store.data.authorisations[authorisationId];
  if (payment.authorisationId !== authorisationId || !authorisation) {
    throw new XsError('RESOURCE_UNKNOWN', { text: 'The payment has no such authorisation.' });
  }
  return { scaStatus: servedScaStatus(authorisation, ctx.clock.now(), ctx.behaviour.scaStatusAfterExpiry) };
}

/** DELETE by the initiating provider: CANC at once while cancellable, else 405 CANCELLATION_INVALID. */
export function cancelPayment(ctx: SandboxContext, tpp: string, product: string, paymentId: string) {
  return ctx.bank.transact((uow) => cancel(ctx, uow, ownPayment(ctx, tpp, product, paymentId), ctx.clock.now()));
}
