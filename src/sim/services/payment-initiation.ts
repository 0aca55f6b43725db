/**
 * POST /v1/payments/{payment_product} (spec "PaymentInitiationRequest", "Behaviour notes:
 * Payments" 3-6). The API's edge has read the product, the headers and the body, in that order
 * (contract/payment-request.ts, request-headers.ts); here come the idempotency key, then whether
 * the money can move. A malformed request or a PAYMENT_FAILED binds
 * no key and creates nothing. From the key look-up to the binding nothing awaits, so parallel
 * requests with one key create exactly one payment.
 */
import { randomUUID } from 'node:crypto';
import { toCents, XsError, type PaymentInitiationRequest, type PaymentProduct } from '../../contract/index.js';
import type { SandboxContext } from '../context.js';
import { bodyDigest, judgeKey, keyOf } from '../rules/idempotency.js';
import { countsTowardsDailyLimit, initiationRefusal } from '../rules/payment-checks.js';
import { amountCentsOf, newPayment, paymentBinding } from '../rules/payments.js';
import { newAuthorisation } from '../rules/sca.js';
import type { UnitOfWork } from '../bank/unit-of-work.js';
import type { PaymentRecord } from '../store/data.js';
import { emitAuthorisation } from './change-events.js';
import { availableCents } from './payment-money.js';
import { paymentById, statusOf } from './payment-records.js';
import { savePayment } from './payment-settlement.js';
import { dayOf, isoDate } from '../../contract/dates.js';

/** An initiation as the API's edge read it, with the body as sent for the idempotency comparison. */
export interface PaymentInitiationInput {
  product: PaymentProduct;
  requestId: string;
  redirectUri: string;
  nokRedirectUri: string | undefined;
  request: PaymentInitiationRequest;
  rawBody: unknown;
}

/** The 201 answer; a replay gets the same one, whatever has happened to the payment since. */
export function initiationAnswer(ctx: SandboxContext, payment: PaymentRecord) {
  const self = `/v1/payments/${payment.product}/${payment.paymentId}`;
  const state = ctx.store.data.authorisations[payment.authorisationId]?.state ?? '';
  return {
    transactionStatus: 'RCVD' as const,
    paymentId: payment.paymentId,
    authorisationId: payment.authorisationId,
    _links: {
      scaRedirect: { href: `${ctx.portalUrl}/sca/${payment.authorisationId}?state=${state}` },
      self: { href: self },
      status: { href: `${self}/status` },
      scaStatus: { href: `${self}/authorisations/${payment.authorisationId}` },
    },
  };
}

/** What the debtor account has already initiated today towards the daily limit. */
function initiatedToday(ctx: SandboxContext, debtorIban: string, now: Date): number {
  const today = isoDate(now);
  let cents = 0;
  for (const payment of Object.values(ctx.store.data.payments)) {
    if (payment.debtorIban !== debtorIban || dayOf(payment.createdAt) !== today) continue;
    if (countsTowardsDailyLimit(statusOf(ctx, payment, now))) cents += amountCentsOf(payment);
  }
  return cents;
}

/** Spec "Behaviour notes: Payments" 3-4: every cause is the same PAYMENT_FAILED, one fixed sentence, no path. */
function refuseUnpayable(ctx: SandboxContext, request: PaymentInitiationRequest, now: Date): void {
  const debtor = ctx.seed.accountByIban(request.debtorAccount.iban);
  const cause = initiationRefusal(
    {
      debtorIban: request.debtorAccount.iban,
      creditorIban: request.creditorAccount.iban,
      amountCents: toCents(request.instructedAmount.amount),
      debtor,
      creditor: ctx.seed.accountByIban(request.creditorAccount.iban),
      bankCode: ctx.customersFixture.bankCode,
      availableCents: debtor ? availableCents(ctx, debtor) : 0,
      initiatedTodayCents: debtor ? initiatedToday(ctx, debtor.iban, now) : 0,
    },
    { perPaymentCents: ctx.behaviour.paymentMaximumCents, dailyCents: ctx.behaviour.dailyLimitCents },
  );
  if (cause) throw new XsError('PAYMENT_FAILED');
}

export function initiatePayment(ctx: SandboxContext, tpp: string, input: PaymentInitiationInput) {
  return ctx.bank.transact((uow) => initiate(ctx, uow, tpp, input));
}

function initiate(ctx: SandboxContext, uow: UnitOfWork, tpp: string, input: PaymentInitiationInput) {
  const { product, redirectUri, nokRedirectUri, request } = input;
  const now = ctx.clock.now();

  // One key space for every product (spec "Behaviour notes: Payments" 6).
  const key = keyOf(input.requestId);
  const digest = bodyDigest(input.rawBody);
  const verdict = judgeKey(ctx.store.data.paymentKeys[key], digest, now);
  // Another body under a key bound within the conflict window is refused; otherwise the key answers
  // with its first payment, however long ago it was bound.
  if (verdict.kind === 'conflict') throw new XsError('REQUEST_ID_REUSED');
  if (verdict.kind === 'replay') return initiationAnswer(ctx, paymentById(ctx, verdict.paymentId));

  refuseUnpayable(ctx, request, now);
  const paymentId = randomUUID();
  const authorisationId = randomUUID();
  const payment = newPayment({ paymentId, product, tpp, request, redirectUri, nokRedirectUri, authorisationId, now });
  const authorisation = newAuthorisation({
    authorisationId,
    parent: { kind: 'payment', id: paymentId },
    tpp,
    state: randomUUID(),
    now,
  });
  savePayment(ctx, uow, payment);
  const bound = { ...authorisation, binding: paymentBinding(payment) };
  uow.put('authorisations', authorisationId, bound);
  uow.afterCommit(() => emitAuthorisation(ctx, bound));
  uow.put('paymentKeys', key, { paymentId, bodyDigest: digest, boundAt: now.toISOString() });
  return initiationAnswer(ctx, payment);
}
