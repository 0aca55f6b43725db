/**
 * What the initiating provider reads of its payments (spec "Endpoint list", "Behaviour notes:
 * Payments" 7-8): only its own, under the product it was initiated with.
 */
import { XsError } from '../../../contract/index.js';
import type { SandboxContext } from '../../context.js';
import { servedScaStatus } from '../../rules/sca.js';
import { ownPayment, paymentStatusAt } from './lookup.js';
import { paymentView } from './view.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type PaymentReadsContext = Pick<SandboxContext, 'store' | 'clock' | 'behaviour'>;

export function readPayment(
  ctx: Pick<PaymentReadsContext, 'store' | 'clock'>,
  tpp: string,
  product: string,
  paymentId: string,
) {
  const payment = ownPayment(ctx, tpp, product, paymentId);
  return paymentView(payment, paymentStatusAt(ctx, payment, ctx.clock.now()));
}

export function paymentStatus(
  ctx: Pick<PaymentReadsContext, 'store' | 'clock'>,
  tpp: string,
  product: string,
  paymentId: string,
) {
  const payment = ownPayment(ctx, tpp, product, paymentId);
  return { transactionStatus: paymentStatusAt(ctx, payment, ctx.clock.now()) };
}

/** Spec "Authorisations": for a payment, the ids scoped to the calling provider (only the initiator can address it). */
export function paymentAuthorisations(
  ctx: Pick<PaymentReadsContext, 'store'>,
  tpp: string,
  product: string,
  paymentId: string,
) {
  return { authorisationIds: [ownPayment(ctx, tpp, product, paymentId).authorisationId] };
}

export function paymentAuthorisation(
  ctx: PaymentReadsContext,
  tpp: string,
  product: string,
  paymentId: string,
  authorisationId: string,
) {
  const payment = ownPayment(ctx, tpp, product, paymentId);
  const authorisation = ctx.store.get('authorisations', authorisationId);
  if (payment.authorisationId !== authorisationId || !authorisation) {
    throw new XsError('RESOURCE_UNKNOWN', { text: 'The payment has no such authorisation.' });
  }
  return { scaStatus: servedScaStatus(authorisation, ctx.clock.now(), ctx.behaviour.scaStatusAfterExpiry) };
}
