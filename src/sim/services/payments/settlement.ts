/**
 * Applies what time has made due (spec "Payment (TransactionStatus)", "Limits"): ACSP → ACSC at the
 * settlement instant, with the money booked; PDNG → CANC 24 hours after the payee check started,
 * with the reservation released. The status itself is derived whenever it is read
 * (rules/payments.ts); this materialises the money, so ledgers read through AIS agree with it.
 * Only payments in `paymentsDue` are looked at: cheap enough for the bank to run around every unit
 * of work (bank.ts `due`), which is the one place time-due effects are applied.
 */
import type { UnitOfWork } from '../../bank/unit-of-work.js';
import type { SandboxParts } from '../../context.js';
import { withPaymentStatus } from '../../rules/payments.js';
import { releaseDebit, settleMoney } from './money.js';
import { savePayment } from './save.js';

/** Payments whose money movement has fallen due by `now`, in the order they fell due. */
function duePayments(data: SandboxParts['store']['data'], now: Date): [string, string][] {
  // Nothing in flight is the usual case: answered without building the lists below.
  let any = false;
  for (const _ in data.paymentsDue) {
    any = true;
    break;
  }
  if (!any) return [];
  return (
    Object.entries(data.paymentsDue)
      .filter(([, at]) => Date.parse(at) <= now.getTime())
      // In time order, so bookings made in one pass are dated in the order they fell due.
      .sort(([, a], [, b]) => a.localeCompare(b))
  );
}

/** Inside a unit of work: materialises every settlement and unanswered payee check due by `now`. */
export function applyDuePayments(ctx: SandboxParts, uow: UnitOfWork, now: Date): void {
  for (const [paymentId, at] of duePayments(uow.data, now)) {
    const payment = uow.data.payments[paymentId];
    uow.remove('paymentsDue', paymentId);
    if (payment?.status === 'ACSP') {
      settleMoney(ctx, uow, payment, at);
      savePayment(ctx, uow, { ...withPaymentStatus(payment, 'ACSC', at), debitSeq: undefined });
    } else if (payment?.status === 'PDNG') {
      releaseDebit(ctx, uow, payment, at);
      savePayment(ctx, uow, { ...withPaymentStatus(payment, 'CANC', at), debitSeq: undefined });
    }
  }
}

/** Whether any money movement has fallen due by `now` (the bank's cheap check before a catch-up). */
export function anyPaymentDue(data: SandboxParts['store']['data'], now: Date): boolean {
  return duePayments(data, now).length > 0;
}
