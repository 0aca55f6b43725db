/**
 * The customer's decisions on a payment (spec "Behaviour notes: Payments" 1-2): authorised or
 * rejected in the SCA ceremony, inside its unit of work, and the payee check's answer (PDNG), a
 * unit of work of its own. What the customer is shown: review.ts; the portal's lists: portal-lists.ts;
 * its cancellation: cancellation.ts.
 */
import { XsError, type TransactionStatus } from '../../../contract/index.js';
import type { UnitOfWork } from '../../bank/unit-of-work.js';
import type { SandboxContext } from '../../context.js';
import { accepted, amountCentsOf, awaitingPayee, payeeMatches, withPaymentStatus } from '../../rules/payments.js';
import { paymentById, paymentStatusAt } from './lookup.js';
import { availableCents, debtorAccountOf, releaseDebit, reserveDebit } from './money.js';
import { savePayment } from './save.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type PaymentCustomerContext = Pick<SandboxContext, 'store' | 'clock' | 'events' | 'world' | 'bank'>;

/**
 * The customer authorised: the amount is reserved as a pending debit, then the payee check decides
 * between ACSP (settlement follows) and PDNG (the customer's answer is awaited). Funds are judged
 * again, since other payments may have been authorised since initiation: short → RJCT, nothing
 * reserved. Mutates the store's data; the caller writes it.
 */
export function authorisePayment(
  ctx: Pick<PaymentCustomerContext, 'store' | 'clock' | 'events' | 'world'>,
  uow: UnitOfWork,
  paymentId: string,
  psuId: string,
  now: Date,
): void {
  const payment = paymentById(ctx, paymentId);
  const status = paymentStatusAt(ctx, payment, now);
  if (status !== 'RCVD')
    throw new XsError('FORMAT_ERROR', { text: `The payment is ${status}; only a received payment can be authorised.` });
  const debtor = debtorAccountOf(ctx, payment);
  if (debtor.ownerPsuId !== psuId)
    throw new XsError('FORMAT_ERROR', {
      path: 'psuId',
      text: 'Only the holder of the debtor account can authorise this payment.',
    });
  const authorised = { ...payment, psuId, authorisedAt: now.toISOString() };
  if (availableCents(ctx, debtor) < amountCentsOf(payment)) {
    savePayment(ctx, uow, withPaymentStatus(authorised, 'RJCT', now));
    return;
  }
  const reserved = { ...authorised, debitSeq: reserveDebit(ctx, uow, payment, now) };
  const creditor = ctx.world.seed.accountByIban(payment.creditorIban);
  savePayment(
    ctx,
    uow,
    creditor && !payeeMatches(payment.creditorName, creditor.ownerName)
      ? awaitingPayee(reserved, now)
      : accepted(reserved, now),
  );
}

/** The customer declined or the ceremony failed: RCVD → RJCT (nothing was reserved). */
export function rejectPayment(
  ctx: Pick<PaymentCustomerContext, 'store' | 'clock' | 'events'>,
  uow: UnitOfWork,
  paymentId: string,
  now: Date,
): void {
  const payment = paymentById(ctx, paymentId);
  if (payment.status === 'RCVD') savePayment(ctx, uow, withPaymentStatus(payment, 'RJCT', now));
}

/** The customer answers the payee check: confirm → ACSP, refuse → RJCT with the reservation released. Only in PDNG. */
export function confirmPayee(
  ctx: Pick<PaymentCustomerContext, 'store' | 'clock' | 'events' | 'bank'>,
  paymentId: string,
  confirm: boolean,
): Promise<{ transactionStatus: TransactionStatus }> {
  return ctx.bank.transact((uow) => {
    const now = ctx.clock.now();
    const payment = paymentById(ctx, paymentId);
    const status = paymentStatusAt(ctx, payment, now);
    if (status !== 'PDNG')
      throw new XsError('FORMAT_ERROR', {
        text: `The payment is ${status}; only a payment waiting for the payee check (PDNG) takes an answer.`,
      });
    if (confirm) savePayment(ctx, uow, accepted(payment, now));
    else {
      releaseDebit(ctx, uow, payment, now.toISOString());
      savePayment(ctx, uow, { ...withPaymentStatus(payment, 'RJCT', now), debitSeq: undefined });
    }
    return { transactionStatus: paymentStatusAt(ctx, paymentById(ctx, paymentId), now) };
  });
}
