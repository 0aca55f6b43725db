/**
 * The one writer of payment records: stores a payment, keeps `paymentsDue` (the index of what time
 * will move) in step with it, and sends `payment-changed` once the unit of work is written. A
 * snapshot with the status a reader sees and, when time alone will change it, when and to what:
 * listeners never read the store. Nothing is built while nobody listens.
 */
import type { UnitOfWork } from '../../bank/unit-of-work.js';
import type { SandboxParts } from '../../context.js';
import type { PaymentEvent } from '../../events.js';
import { dueAt } from '../../rules/payments.js';
import type { PaymentRecord } from '../../store/data.js';
import { paymentStatusAt } from './lookup.js';

function paymentEvent(ctx: SandboxParts, payment: PaymentRecord): PaymentEvent {
  const status = paymentStatusAt(ctx, payment, ctx.clock.now());
  const due = dueAt(payment);
  return {
    paymentId: payment.paymentId,
    tpp: payment.tpp,
    product: payment.product,
    transactionStatus: status,
    due:
      due !== undefined && status === payment.status
        ? { status: payment.status === 'PDNG' ? 'CANC' : 'ACSC', at: due }
        : null,
    authorisationId: payment.authorisationId,
    psuId: payment.psuId ?? null,
    debtorIban: payment.debtorIban,
    creditorIban: payment.creditorIban,
    creditorName: payment.creditorName ?? null,
    amount: payment.amount,
    createdAt: payment.createdAt,
  };
}

export function savePayment(ctx: SandboxParts, uow: UnitOfWork, payment: PaymentRecord): void {
  uow.put('payments', payment.paymentId, payment);
  const due = dueAt(payment);
  if (due === undefined) uow.remove('paymentsDue', payment.paymentId);
  else uow.put('paymentsDue', payment.paymentId, due);
  uow.afterCommit(() => {
    if (ctx.events.has('payment-changed')) ctx.events.emit('payment-changed', paymentEvent(ctx, payment));
  });
}
