/**
 * The one writer of payment records: stores a payment, keeps `paymentsDue` (the index of what time
 * will move) in step with it, and sends `payment-changed` (event.ts) once the unit of work is
 * written. Nothing is built while nobody listens.
 */
import type { UnitOfWork } from '../../bank/unit-of-work.js';
import type { SandboxContext } from '../../context.js';
import { dueAt } from '../../rules/payments.js';
import type { PaymentRecord } from '../../store/data.js';
import { paymentEvent } from './event.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type PaymentSaveContext = Pick<SandboxContext, 'store' | 'clock' | 'events'>;

export function savePayment(ctx: PaymentSaveContext, uow: UnitOfWork, payment: PaymentRecord): void {
  uow.put('payments', payment.paymentId, payment);
  const due = dueAt(payment);
  if (due === undefined) uow.remove('paymentsDue', payment.paymentId);
  else uow.put('paymentsDue', payment.paymentId, due);
  uow.afterCommit(() => {
    if (ctx.events.has('payment-changed')) ctx.events.emit('payment-changed', paymentEvent(ctx, payment));
  });
}
