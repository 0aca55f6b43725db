/** Payments as the XS2A API answers them (spec "PaymentInitiationResponse", "PaymentResponse"). */
import type { TransactionStatus } from '../../../contract/index.js';
import type { SandboxContext } from '../../context.js';
import { remittanceOf } from '../../rules/payments.js';
import type { PaymentRecord } from '../../store/data.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type PaymentViewContext = Pick<SandboxContext, 'store' | 'addresses'>;

const reference = (iban: string, currency: string | undefined) => (currency ? { iban, currency } : { iban });

/** The 201 of an initiation; a replay gets the same one, whatever has happened to the payment since. */
export function initiationView(ctx: PaymentViewContext, payment: PaymentRecord) {
  const self = `/v1/payments/${payment.product}/${payment.paymentId}`;
  const state = ctx.store.get('authorisations', payment.authorisationId)?.state ?? '';
  return {
    transactionStatus: 'RCVD' as const,
    paymentId: payment.paymentId,
    authorisationId: payment.authorisationId,
    _links: {
      scaRedirect: { href: `${ctx.addresses.portalUrl}/sca/${payment.authorisationId}?state=${state}` },
      self: { href: self },
      status: { href: `${self}/status` },
      scaStatus: { href: `${self}/authorisations/${payment.authorisationId}` },
    },
  };
}

/** GET /v1/payments/{product}/{id}. */
export function paymentView(payment: PaymentRecord, status: TransactionStatus) {
  return {
    transactionStatus: status,
    debtorAccount: reference(payment.debtorIban, payment.debtorCurrency),
    creditorAccount: reference(payment.creditorIban, payment.creditorCurrency),
    instructedAmount: { currency: 'EUR' as const, amount: payment.amount },
    ...(payment.creditorName === undefined ? {} : { creditorName: payment.creditorName }),
    remittanceInformationUnstructured: remittanceOf(payment),
  };
}
