/**
 * The one cancellation (spec "Payment (TransactionStatus)": CANC at once, no customer authorisation),
 * asked by the initiating provider (DELETE) or by the customer in the portal. A received payment's
 * open ceremony fails; an authorised one's reserved money is released.
 */
import { XsError } from '../../../contract/index.js';
import type { UnitOfWork } from '../../bank/unit-of-work.js';
import type { SandboxContext } from '../../context.js';
import { isCancellable, withPaymentStatus } from '../../rules/payments.js';
import { finished, isOpen } from '../../rules/sca.js';
import type { PaymentRecord } from '../../store/data.js';
import { saveAuthorisation } from '../sca/save.js';
import { ownPayment, paymentStatusAt, unknownPayment } from './lookup.js';
import { releaseDebit } from './money.js';
import { savePayment } from './save.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type PaymentCancellationContext = Pick<SandboxContext, 'store' | 'clock' | 'events' | 'world' | 'bank'>;

function cancel(
  ctx: Pick<PaymentCancellationContext, 'store' | 'clock' | 'events'>,
  uow: UnitOfWork,
  payment: PaymentRecord,
  now: Date,
): { transactionStatus: 'CANC' } {
  const status = paymentStatusAt(ctx, payment, now);
  if (!isCancellable(payment, status)) {
    throw new XsError('CANCELLATION_INVALID', { text: `The payment is ${status} and can no longer be cancelled.` });
  }
  const authorisation = ctx.store.get('authorisations', payment.authorisationId);
  if (authorisation && isOpen(authorisation, now)) saveAuthorisation(ctx, uow, finished(authorisation, 'failed', now));
  releaseDebit(ctx, uow, payment, now.toISOString());
  savePayment(ctx, uow, { ...withPaymentStatus(payment, 'CANC', now), debitSeq: undefined });
  return { transactionStatus: 'CANC' };
}

/** DELETE by the initiating provider: CANC at once while cancellable, else 405 CANCELLATION_INVALID. */
export function cancelPayment(
  ctx: Pick<PaymentCancellationContext, 'store' | 'clock' | 'events' | 'bank'>,
  tpp: string,
  product: string,
  paymentId: string,
) {
  return ctx.bank.transact((uow) => cancel(ctx, uow, ownPayment(ctx, tpp, product, paymentId), ctx.clock.now()));
}

/** The customer cancels in the portal: a payment from one of their accounts, the same rule and effect. */
export function cancelByCustomer(
  ctx: PaymentCancellationContext,
  psuId: string,
  paymentId: string,
): Promise<{ transactionStatus: 'CANC' }> {
  return ctx.bank.transact((uow) => {
    const payment = ctx.store.get('payments', paymentId);
    const holds = ctx.world.seed.customer(psuId)?.accounts.some((account) => account.iban === payment?.debtorIban);
    if (!payment || !holds) throw unknownPayment();
    return cancel(ctx, uow, payment, ctx.clock.now());
  });
}
