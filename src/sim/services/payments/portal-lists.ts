/** The customer portal's payment lists: what can still be cancelled, and the payee checks waiting for an answer. */
import { formatCents } from '../../../contract/index.js';
import type { SandboxContext } from '../../context.js';
import { amountCentsOf, isCancellable } from '../../rules/payments.js';
import type { PaymentRecord } from '../../store/data.js';
import { paymentStatusAt } from './lookup.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type PaymentPortalListsContext = Pick<SandboxContext, 'store' | 'clock' | 'world'>;

function holds(ctx: Pick<PaymentPortalListsContext, 'world'>, psuId: string): Set<string> {
  return new Set(ctx.world.seed.customer(psuId)?.accounts.map((account) => account.iban) ?? []);
}

function listed(ctx: Pick<PaymentPortalListsContext, 'store'>, payments: PaymentRecord[], now: Date) {
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
export function cancellablePaymentsOf(ctx: PaymentPortalListsContext, psuId: string) {
  const now = ctx.clock.now();
  const payments = [...holds(ctx, psuId)]
    .flatMap((iban) => ctx.store.find('payments', 'openFrom', iban))
    .filter((payment) => isCancellable(payment, paymentStatusAt(ctx, payment, now)));
  return listed(ctx, payments, now);
}

/** The portal's open payee checks: payments the customer authorised that wait in PDNG for an answer. */
export function pendingPayeeChecksOf(ctx: Pick<PaymentPortalListsContext, 'store' | 'clock'>, psuId: string) {
  const now = ctx.clock.now();
  const payments = ctx.store
    .find('payments', 'payeeCheck', psuId)
    .filter((payment) => paymentStatusAt(ctx, payment, now) === 'PDNG');
  return listed(ctx, payments, now);
}
