/**
 * POST /v1/payments/{payment_product} (spec "PaymentInitiationRequest", "Behaviour notes:
 * Payments" 3-6). The API's edge has read the product, the headers and the body, in that order
 * (contract/payment-request.ts, request-headers.ts); here come the idempotency key, then whether
 * the money can move. A malformed request or a PAYMENT_FAILED binds no key and creates nothing.
 * From the key look-up to the binding nothing awaits, so parallel requests with one key create
 * exactly one payment.
 */
import { randomUUID } from 'node:crypto';
import { XsError, type PaymentInitiationRequest, type PaymentProduct } from '../../../contract/index.js';
import type { UnitOfWork } from '../../bank/unit-of-work.js';
import type { SandboxContext } from '../../context.js';
import { bodyDigest, judgeKey, keyOf } from '../../rules/idempotency.js';
import { newPayment, paymentBinding } from '../../rules/payments.js';
import { newAuthorisation } from '../../rules/sca.js';
import { saveAuthorisation } from '../sca/save.js';
import { newState } from '../sca/state.js';
import { refuseUnpayable } from './affordability.js';
import { paymentById } from './lookup.js';
import { savePayment } from './save.js';
import { initiationView } from './view.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type PaymentInitiationContext = Pick<
  SandboxContext,
  'store' | 'clock' | 'events' | 'world' | 'addresses' | 'behaviour' | 'bank'
>;

/** An initiation as the API's edge read it, with the body as sent for the idempotency comparison. */
export interface PaymentInitiationInput {
  product: PaymentProduct;
  requestId: string;
  redirectUri: string;
  nokRedirectUri: string | undefined;
  request: PaymentInitiationRequest;
  rawBody: unknown;
}

export function initiatePayment(ctx: PaymentInitiationContext, tpp: string, input: PaymentInitiationInput) {
  return ctx.bank.transact((uow) => initiate(ctx, uow, tpp, input));
}

function initiate(
  ctx: Pick<PaymentInitiationContext, 'store' | 'clock' | 'events' | 'world' | 'addresses' | 'behaviour'>,
  uow: UnitOfWork,
  tpp: string,
  input: PaymentInitiationInput,
) {
  const { product, redirectUri, nokRedirectUri, request } = input;
  const now = ctx.clock.now();

  // One key space for every product (spec "Behaviour notes: Payments" 6).
  const key = keyOf(input.requestId);
  const digest = bodyDigest(input.rawBody);
  const verdict = judgeKey(ctx.store.get('paymentKeys', key), digest, now);
  // Another body under a key bound within the conflict window is refused; otherwise the key answers
  // with its first payment, however long ago it was bound.
  if (verdict.kind === 'conflict') throw new XsError('REQUEST_ID_REUSED');
  if (verdict.kind === 'replay') return initiationView(ctx, paymentById(ctx, verdict.paymentId));

  refuseUnpayable(ctx, request, now);
  const paymentId = randomUUID();
  const authorisationId = randomUUID();
  const payment = newPayment({ paymentId, product, tpp, request, redirectUri, nokRedirectUri, authorisationId, now });
  const authorisation = newAuthorisation({
    authorisationId,
    parent: { kind: 'payment', id: paymentId },
    tpp,
    state: newState(ctx.behaviour),
    now,
  });
  savePayment(ctx, uow, payment);
  saveAuthorisation(ctx, uow, { ...authorisation, binding: paymentBinding(payment) });
  uow.put('paymentKeys', key, { paymentId, bodyDigest: digest, boundAt: now.toISOString() });
  return initiationView(ctx, payment);
}
