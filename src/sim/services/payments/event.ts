/** The `payment-changed` snapshot: the status a reader sees and, when time alone will move it, when and to what. */
import type { PaymentEvent } from '../../change-events.js';
import type { SandboxContext } from '../../context.js';
import { dueAt } from '../../rules/payments.js';
import type { PaymentRecord } from '../../store/data.js';
import { paymentStatusAt } from './lookup.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type PaymentEventContext = Pick<SandboxContext, 'store' | 'clock'>;

export function paymentEvent(ctx: PaymentEventContext, payment: PaymentRecord): PaymentEvent {
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
