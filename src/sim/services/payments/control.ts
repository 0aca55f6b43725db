/**
 * Control-API views and levers on payments: every payment (for scripts and tests), and the back
 * office amending a received payment, which is how a test makes the persisted payment differ from
 * what the customer's ceremony was bound to (spec "Behaviour notes: Payments" 1).
 */
import { z } from 'zod';
import { AmountSchema, CREDITOR_NAME_MAX, formatCents, XsError } from '../../../contract/index.js';
import { parseOrFormatError } from '../../../contract/parse.js';
import type { UnitOfWork } from '../../bank/unit-of-work.js';
import type { SandboxContext } from '../../context.js';
import { amountCentsOf } from '../../rules/payments.js';
import { paymentById, paymentStatusAt, paymentStatusesAt } from './lookup.js';
import { savePayment } from './save.js';
import { paymentView } from './view.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type PaymentControlContext = Pick<SandboxContext, 'store' | 'clock' | 'events' | 'bank'>;

export const AmendBody = z
  .strictObject({
    instructedAmount: AmountSchema.optional(),
    creditorName: z.string().min(1).max(CREDITOR_NAME_MAX).optional(),
  })
  .refine(
    (body) => body.instructedAmount !== undefined || body.creditorName !== undefined,
    'Send instructedAmount, creditorName or both.',
  );

/** Every payment, newest first. */
export function paymentsView(ctx: Pick<PaymentControlContext, 'store' | 'clock'>) {
  const now = ctx.clock.now();
  const payments = ctx.store.all('payments').sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const statuses = paymentStatusesAt(ctx, payments, now);
  return payments.map((payment, i) => ({
    paymentId: payment.paymentId,
    tpp: payment.tpp,
    product: payment.product,
    transactionStatus: statuses[i]!,
    psuId: payment.psuId ?? null,
    debtorIban: payment.debtorIban,
    creditorIban: payment.creditorIban,
    amount: formatCents(amountCentsOf(payment)),
    createdAt: payment.createdAt,
  }));
}

/** `POST /sandbox/payments/{id}/amend`: only while RCVD; answers the payment as the provider would read it. */
export function amendPayment(ctx: PaymentControlContext, paymentId: string, body: unknown) {
  return ctx.bank.transact((uow) => amend(ctx, uow, paymentId, body));
}

function amend(
  ctx: Pick<PaymentControlContext, 'store' | 'clock' | 'events'>,
  uow: UnitOfWork,
  paymentId: string,
  body: unknown,
) {
  const payment = paymentById(ctx, paymentId);
  const change = parseOrFormatError(
    AmendBody,
    body ?? {},
    'Send {"instructedAmount"?:{"currency":"EUR","amount":"12.30"},"creditorName"?:"…"}.',
  );
  const status = paymentStatusAt(ctx, payment, ctx.clock.now());
  if (status !== 'RCVD')
    throw new XsError('FORMAT_ERROR', { text: `Only a received payment can be amended; this one is ${status}.` });
  const amended = {
    ...payment,
    ...(change.instructedAmount ? { amount: change.instructedAmount.amount } : {}),
    ...(change.creditorName === undefined ? {} : { creditorName: change.creditorName }),
  };
  savePayment(ctx, uow, amended);
  return { paymentId, ...paymentView(amended, status) };
}
