/** Payments, /v1/payments (spec "Endpoint list"): each operation translates a call to a service. */
import { HEADERS } from '../../contract/index.js';
import { cancelPayment, initiatePayment, paymentAuthorisation, paymentAuthorisations, paymentStatus, readPayment } from '../services/payments.js';
import { created, ok, type Call, type OperationTable } from './call.js';

const tpp = (call: Call) => call.identity.organizationIdentifier;
const product = (call: Call) => call.params.payment_product ?? '';
const paymentId = (call: Call) => call.params.payment_id ?? '';

export const paymentOperations = {
  initiatePayment: async (call, ctx) =>
    created(
      await initiatePayment(ctx, tpp(call), {
        product: product(call),
        requestId: call.requestId,
        redirectUri: call.get(HEADERS.redirectUri),
        nokRedirectUri: call.get(HEADERS.nokRedirectUri),
        psuIpAddress: call.get(HEADERS.psuIpAddress),
        body: call.body,
      }),
    ),
  getPaymentInformation: (call, ctx) => ok(readPayment(ctx, tpp(call), product(call), paymentId(call))),
  cancelPayment: async (call, ctx) => ok(await cancelPayment(ctx, tpp(call), product(call), paymentId(call))),
  getPaymentInitiationStatus: (call, ctx) => ok(paymentStatus(ctx, tpp(call), product(call), paymentId(call))),
  getPaymentInitiationAuthorisations: (call, ctx) => ok(paymentAuthorisations(ctx, tpp(call), product(call), paymentId(call))),
  getPaymentInitiationScaStatus: (call, ctx) => ok(paymentAuthorisation(ctx, tpp(call), product(call), paymentId(call), call.params.authorisation_id ?? '')),
} satisfies OperationTable;
