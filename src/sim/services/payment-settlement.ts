/**
 * Applies what time has made due (spec "Payment (TransactionStatus)", "Limits"): ACSP → ACSC at the
 * settlement instant, with the money booked; PDNG → CANC 24 hours after the payee check started,
 * with the reservation released. The status itself is derived whenever it is read
 * (rules/payments.ts); this materialises the money, so ledgers read through AIS agree with it.
 * Only payments in `paymentsDue` are looked at: cheap enough to run before every API request.
 */
import type { SandboxContext } from '../context.js';
import { emitPayment } from './change-events.js';
import { dueAt, withPaymentStatus } from '../rules/payments.js';
import type { PaymentRecord } from '../store/data.js';
import { releaseDebit, settleMoney } from './payment-money.js';

/** Stores the payment and keeps `paymentsDue` in step with it. */
export function savePayment(ctx: SandboxContext, payment: PaymentRecord): void {
  ctx.store.data.payments[payment.paymentId] = payment;
  const due = dueAt(payment);
  if (due === undefined) delete ctx.store.data.paymentsDue[payment.paymentId];
  else ctx.store.data.paymentsDue[payment.paymentId] = due;
  emitPayment(ctx, payment);
}

/** Synchronous; answers whether anything changed (the caller writes the store). */
export function applyDuePayments(ctx: SandboxContext, now: Date): boolean {
  // Nothing in flight is the usual case: answered without building the lists below.
  let any = false;
  for (const _ in ctx.store.data.paymentsDue) {
    any = true;
    break;
  }
  if (!any) return false;
  const due = Object.entries(ctx.store.data.paymentsDue)
    .filter(([, at]) => Date.parse(at) <= now.getTime())
    // In time order, so bookings made in one pass are dated in the order they fell due.
    .sort(([, a], [, b]) => a.localeCompare(b));
  for (const [paymentId, at] of due) {
    const payment = ctx.store.data.payments[paymentId];
    delete ctx.store.data.paymentsDue[paymentId];
    if (payment?.status === 'ACSP') {
      settleMoney(ctx, payment, at);
      savePayment(ctx, { ...withPaymentStatus(payment, 'ACSC', at), debitSeq: undefined });
    } else if (payment?.status === 'PDNG') {
      releaseDebit(ctx, payment, at);
      savePayment(ctx, { ...withPaymentStatus(payment, 'CANC', at), debitSeq: undefined });
    }
  }
  return due.length > 0;
}

/** Runs before every API request: a promise (the store write) only when something fell due. */
export function settleDuePayments(ctx: SandboxContext): Promise<void> | undefined {
  return applyDuePayments(ctx, ctx.clock.now()) ? ctx.store.write() : undefined;
}
