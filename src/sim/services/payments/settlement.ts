/**
 * Applies what time has made due (spec "Payment (TransactionStatus)", "Limits"): ACSP → ACSC at the
 * settlement instant, with the money booked; PDNG → CANC 24 hours after the payee check started,
 * with the reservation released. The status itself is derived whenever it is read
 * (rules/payments.ts); this materialises the money, so ledgers read through AIS agree with it.
 * Only payments in `paymentsDue` are looked at, through its index by due instant: cheap enough for
 * the bank to run around every unit of work (bank.ts `due`), which is the one place time-due
 * effects are applied.
 */
import type { UnitOfWork } from '../../bank/unit-of-work.js';
import type { SandboxContext } from '../../context.js';
import { withPaymentStatus } from '../../rules/payments.js';
import { releaseDebit, settleMoney } from './money.js';
import { savePayment } from './save.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type PaymentSettlementContext = Pick<SandboxContext, 'store' | 'clock' | 'events' | 'world'>;

/** Inside a unit of work: materialises every settlement and unanswered payee check due by `now`, in the order they fell due. */
export function applyDuePayments(ctx: PaymentSettlementContext, uow: UnitOfWork, now: Date): void {
  // In time order, so bookings made in one pass are dated in the order they fell due.
  for (const [paymentId, at] of ctx.store.upTo('paymentsDue', 'at', now.getTime())) {
    const payment = ctx.store.get('payments', paymentId);
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

/** Whether any money movement has fallen due by `now`: the bank's cheap check before a catch-up, one index read. */
export function anyPaymentDue(ctx: Pick<PaymentSettlementContext, 'store'>, now: Date): boolean {
  const earliest = ctx.store.earliest('paymentsDue', 'at');
  return earliest !== undefined && earliest <= now.getTime();
}
