/** The customer portal's payment lists: what can still be cancelled, and the payee checks waiting for an answer. */
import { formatCents } from '../../../contract/index.js';
import type { SandboxContext } from '../../context.js';
import { amountCentsOf, isCancellable } from '../../rules/payments.js';
import type { PaymentRecord } from '../../store/data.js';
import { paymentStatusesAt } from './lookup.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type PaymentPortalListsContext = Pick<SandboxContext, 'store' | 'clock' | 'world'>;

function holds(ctx: Pick<PaymentPortalListsContext, 'world'>, psuId: string): Set<string> {
  return new Set(ctx.world.seed.customer(psuId)?.accounts.map((account) => account.iban) ?? []);
}

/** Payments with their statuses at `now`, the authorisations read at once. */
function withStatuses(ctx: Pick<PaymentPortalListsContext, 'store'>, payments: PaymentRecord[], now: Date) {
  const statuses = paymentStatusesAt(ctx, payments, now);
  return payments.map((payment, i) => ({ payment, status: statuses[i]! }));
}

function listed(entries: { payment: PaymentRecord; status: string }[]) {
  return entries
    .sort((a, b) => b.payment.createdAt.localeCompare(a.payment.createdAt))
    .map(({ payment, status }) => ({
      paymentId: payment.paymentId,
      amount: formatCents(amountCentsOf(payment)),
      creditorName: payment.creditorName,
      creditorIban: payment.creditorIban,
      status,
      createdAt: payment.createdAt,
    }));
}

/** The portal's cancellable payments: from the customer's accounts, still cancellable now; newest first. */
export function cancellablePaymentsOf(ctx: PaymentPortalListsContext, psuId: string) {
  const now = ctx.clock.now();
  const payments = [...holds(ctx, psuId)].flatMap((iban) => ctx.store.find('payments', 'openFrom', iban));
  return listed(withStatuses(ctx, payments, now).filter(({ payment, status }) => isCancellable(payment, status)));
}

/** The portal's open payee checks: payments the customer authorised that wait in PDNG for an answer. */
export function pendingPayeeChecksOf(ctx: Pick<PaymentPortalListsContext, 'store' | 'clock'>, psuId: string) {
  const now = ctx.clock.now();
  const payments = ctx.store.find('payments', 'payeeCheck', psuId);
  return listed(withStatuses(ctx, payments, now).filter(({ status }) => status === 'PDNG'));
}
