/**
 * The customer's side of a payment: what the SCA page shows and decides (spec "Behaviour notes:
 * Payments" 1-2), the payee check's answer (PDNG), and the portal's lists (its cancellation is
 * cancellation.ts). The SCA service calls authorisePayment and rejectPayment inside its own unit of
 * work; the calls made here on the customer's own initiative are units of work of their own.
 */
import { formatCents, XsError, type PaymentProduct, type TransactionStatus } from '../../../contract/index.js';
import type { UnitOfWork } from '../../bank/unit-of-work.js';
import type { SandboxContext } from '../../context.js';
import {
  accepted,
  amountCentsOf,
  awaitingPayee,
  isCancellable,
  paymentBinding,
  payeeMatches,
  remittanceOf,
  withPaymentStatus,
} from '../../rules/payments.js';
import type { PaymentRecord } from '../../store/data.js';
import { paymentById, paymentStatusAt } from './lookup.js';
import { availableCents, debtorAccountOf, releaseDebit, reserveDebit } from './money.js';
import { savePayment } from './save.js';

export interface PaymentReview {
  paymentId: string;
  product: PaymentProduct;
  amount: string;
  currency: 'EUR';
  creditorName: string | undefined;
  creditorIban: string;
  debtorIban: string;
  requestedExecutionDate: string | undefined;
  remittanceInformationUnstructured: string;
  transactionStatus: TransactionStatus;
  redirectUri: string;
  nokRedirectUri: string | undefined;
  /** Digest of what is shown now; the authorisation's `binding` must still equal it at decision time. */
  binding: string;
}

export function paymentReview(ctx: SandboxContext, paymentId: string): PaymentReview {
  const payment = paymentById(ctx, paymentId);
  return {
    paymentId,
    product: payment.product,
    amount: formatCents(amountCentsOf(payment)),
    currency: 'EUR',
    creditorName: payment.creditorName,
    creditorIban: payment.creditorIban,
    debtorIban: payment.debtorIban,
    requestedExecutionDate: payment.requestedExecutionDate,
    remittanceInformationUnstructured: remittanceOf(payment),
    transactionStatus: paymentStatusAt(ctx, payment, ctx.clock.now()),
    redirectUri: payment.redirectUri,
    nokRedirectUri: payment.nokRedirectUri,
    binding: paymentBinding(payment),
  };
}

/**
 * The customer authorised: the amount is reserved as a pending debit, then the payee check decides
 * between ACSP (settlement follows) and PDNG (the customer's answer is awaited). Funds are judged
 * again, since other payments may have been authorised since initiation: short → RJCT, nothing
 * reserved. Mutates the store's data; the caller writes it.
 */
export function authorisePayment(
  ctx: SandboxContext,
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
export function rejectPayment(ctx: SandboxContext, uow: UnitOfWork, paymentId: string, now: Date): void {
  const payment = paymentById(ctx, paymentId);
  if (payment.status === 'RCVD') savePayment(ctx, uow, withPaymentStatus(payment, 'RJCT', now));
}

/** The customer answers the payee check: confirm → ACSP, refuse → RJCT with the reservation released. Only in PDNG. */
export function confirmPayee(
  ctx: SandboxContext,
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

function holds(ctx: SandboxContext, psuId: string): Set<string> {
  return new Set(ctx.world.seed.customer(psuId)?.accounts.map((account) => account.iban) ?? []);
}

function listed(ctx: SandboxContext, payments: PaymentRecord[], now: Date) {
  return payments
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .map((payment) => ({
      paymentId: payment.paymentId,
      amount: formatCents(amountCentsOf(payment)),
      creditorName: payment.creditorName,
      creditorIban: payment.creditorIban,
      status: paymentStatusAt(ctx, payment, now),
      createdAt: payment.createdAt,
    }));
}

/** The portal's cancellable payments: from the customer's accounts, still cancellable now; newest first. */
export function cancellablePaymentsOf(ctx: SandboxContext, psuId: string) {
  const now = ctx.clock.now();
  const mine = holds(ctx, psuId);
  const payments = Object.values(ctx.store.data.payments).filter(
    (payment) => mine.has(payment.debtorIban) && isCancellable(payment, paymentStatusAt(ctx, payment, now)),
  );
  return listed(ctx, payments, now);
}

/** The portal's open payee checks: payments the customer authorised that wait in PDNG for an answer. */
export function pendingPayeeChecksOf(ctx: SandboxContext, psuId: string) {
  const now = ctx.clock.now();
  const payments = Object.values(ctx.store.data.payments).filter(
    (payment) => payment.psuId === psuId && paymentStatusAt(ctx, payment, now) === 'PDNG',
  );
  return listed(ctx, payments, now);
}
