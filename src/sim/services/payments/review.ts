/** What the customer is shown of a payment before deciding (spec "Behaviour notes: Payments" 1), and the binding of it. */
import { formatCents, type PaymentProduct, type TransactionStatus } from '../../../contract/index.js';
import type { SandboxContext } from '../../context.js';
import { amountCentsOf, paymentBinding, remittanceOf } from '../../rules/payments.js';
import { paymentById, paymentStatusAt } from './lookup.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type PaymentReviewContext = Pick<SandboxContext, 'store' | 'clock'>;

export interface PaymentReview {
  paymentId: string;
  product: PaymentProduct;
  amount: string;
  currency: 'EUR';
  creditorName: string | undefined;
  creditorIban: string;
  debtorIban: string;
  requestedExecutionDate: string | undefined;
  remittanceInformationUnstructured: string;
  transactionStatus: TransactionStatus;
  redirectUri: string;
  nokRedirectUri: string | undefined;
  /** Digest of what is shown now; the authorisation's `binding` must still equal it at decision time. */
  binding: string;
}

export function paymentReview(ctx: PaymentReviewContext, paymentId: string): PaymentReview {
  const payment = paymentById(ctx, paymentId);
  return {
    paymentId,
    product: payment.product,
    amount: formatCents(amountCentsOf(payment)),
    currency: 'EUR',
    creditorName: payment.creditorName,
    creditorIban: payment.creditorIban,
    debtorIban: payment.debtorIban,
    requestedExecutionDate: payment.requestedExecutionDate,
    remittanceInformationUnstructured: remittanceOf(payment),
    transactionStatus: paymentStatusAt(ctx, payment, ctx.clock.now()),
    redirectUri: payment.redirectUri,
    nokRedirectUri: payment.nokRedirectUri,
    binding: paymentBinding(payment),
  };
}
