/** Payment look-ups and the one cancellation, shared by the provider's API, the customer's portal and the control API. */
import { XsError, type TransactionStatus } from '../../contract/index.js';
import type { SandboxContext } from '../context.js';
import { emitAuthorisation } from './change-events.js';
import { effectivePaymentStatus, isCancellable, withPaymentStatus } from '../rules/payments.js';
import { finished, isOpen } from '../rules/sca.js';
import type { UnitOfWork } from '../bank/unit-of-work.js';
import type { PaymentRecord } from '../store/data.js';
import { releaseDebit } from './payment-money.js';
import { savePayment } from './payment-settlement.js';

/**
 * One fixed refusal for an unknown payment, another provider's, or one read under the other
 * product's path: the bodies must be byte-identical (spec "Behaviour notes: Payments" 7-8).
 */
export const unknownPayment = () => new XsError('RESOURCE_UNKNOWN', { text: 'No such payment.' });

export function paymentById(ctx: SandboxContext, paymentId: string): PaymentRecord {
  const payment = ctx.store.data.payments[paymentId];
  if (!payment) throw unknownPayment();
  return payment;
}

export function statusOf(ctx: SandboxContext, payment: PaymentRecord, now: Date): TransactionStatus {
  return effectivePaymentStatus(payment, ctx.store.data.authorisations[payment.authorisationId], now);
}

/**
 * CANC at once (spec "Payment (TransactionStatus)": immediate, no customer authorisation). A
 * received payment's open ceremony fails; an authorised one's reserved money is released.
 * Inside the caller's unit of work.
 */
export function cancel(
  ctx: SandboxContext,
  uow: UnitOfWork,
  payment: PaymentRecord,
  now: Date,
): { transactionStatus: 'CANC' } {
  const status = statusOf(ctx, payment, now);
  if (!isCancellable(payment, status)) {
    throw new XsError('CANCELLATION_INVALID', { text: `The payment is ${status} and can no longer be cancelled.` });
  }
  const authorisation = uow.data.authorisations[payment.authorisationId];
  if (authorisation && isOpen(authorisation, now)) {
    const failed = finished(authorisation, 'failed', now);
    uow.put('authorisations', failed.authorisationId, failed);
    uow.afterCommit(() => emitAuthorisation(ctx, failed));
  }
  releaseDebit(ctx, uow, payment, now.toISOString());
  savePayment(ctx, uow, { ...withPaymentStatus(payment, 'CANC', now), debitSeq: undefined });
  return { transactionStatus: 'CANC' };
}
