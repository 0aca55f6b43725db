/**
 * Whether the money can move (spec "Behaviour notes: Payments" 3-4): the debtor is held here and
 * live, the creditor reachable, the amount within the per-payment and daily limits and covered by
 * the available balance. Every cause is the same PAYMENT_FAILED, one fixed sentence, no path.
 */
import { isoDate } from '../../../contract/dates.js';
import { toCents, XsError, type PaymentInitiationRequest } from '../../../contract/index.js';
import type { SandboxContext } from '../../context.js';
import { countsTowardsDailyLimit, initiationRefusal } from '../../rules/payment-checks.js';
import { amountCentsOf } from '../../rules/payments.js';
import { paymentStatusesAt } from './lookup.js';
import { availableCents } from './money.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type PaymentAffordabilityContext = Pick<SandboxContext, 'store' | 'world' | 'behaviour'>;

/** What the debtor account has already initiated today towards the daily limit. */
function initiatedToday(ctx: Pick<PaymentAffordabilityContext, 'store'>, debtorIban: string, now: Date): number {
  const today = isoDate(now);
  const payments = ctx.store.find('payments', 'debtorDay', `${debtorIban}|${today}`);
  const statuses = paymentStatusesAt(ctx, payments, now);
  let cents = 0;
  payments.forEach((payment, i) => {
    if (countsTowardsDailyLimit(statuses[i]!)) cents += amountCentsOf(payment);
  });
  return cents;
}

/** Spec "Behaviour notes: Payments" 3-4: every cause is the same PAYMENT_FAILED, one fixed sentence, no path. */
export function refuseUnpayable(ctx: PaymentAffordabilityContext, request: PaymentInitiationRequest, now: Date): void {
  const debtor = ctx.world.seed.accountByIban(request.debtorAccount.iban);
  const cause = initiationRefusal(
    {
      debtorIban: request.debtorAccount.iban,
      creditorIban: request.creditorAccount.iban,
      amountCents: toCents(request.instructedAmount.amount),
      debtor,
      creditor: ctx.world.seed.accountByIban(request.creditorAccount.iban),
      bankCode: ctx.world.bankCode,
      availableCents: debtor ? availableCents(ctx, debtor) : 0,
      initiatedTodayCents: debtor ? initiatedToday(ctx, debtor.iban, now) : 0,
    },
    { perPaymentCents: ctx.behaviour.paymentMaximumCents, dailyCents: ctx.behaviour.dailyLimitCents },
  );
  if (cause) throw new XsError('PAYMENT_FAILED');
}
