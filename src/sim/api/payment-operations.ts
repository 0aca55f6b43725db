/**
 * Payments, /v1/payments (spec "Endpoint list"): each operation reads its call with the contract's
 * readers and asks a service.
 */
import { HEADERS } from '../../contract/index.js';
import { readPaymentProduct } from '../../contract/payment-request.js';
import { readNokRedirectUri, readPsuIpAddress, readRedirectUri } from '../../contract/request-headers.js';
import {
  cancelPayment,
  initiatePayment,
  paymentAuthorisation,
  paymentAuthorisations,
  paymentStatus,
  readPayment,
} from '../services/payments.js';
import { created, ok, type Call, type OperationTable } from './call.js';

const tpp = (call: Call) => call.identity.organizationIdentifier;
const product = (call: Call) => call.params.payment_product ?? '';
const paymentId = (call: Call) => call.params.payment_id ?? '';

export const paymentOperations = {
  initiatePayment: async (call, ctx) => {
    // The order of docs/interpretations.md: product, TPP-Redirect-URI, TPP-NOK-Redirect-URI,
    // PSU-IP-Address, the body; the idempotency key and PAYMENT_FAILED are judged by the service.
    const paymentProduct = readPaymentProduct(call.params.payment_product);
    const redirectUri = readRedirectUri(call.get(HEADERS.redirectUri), ctx.behaviour.redirectUriMissing);
    const nokRedirectUri = readNokRedirectUri(call.get(HEADERS.nokRedirectUri));
    // Accepted on initiation (spec "Request headers"); payments are uncapped, so only its form matters.
    readPsuIpAddress(call.get(HEADERS.psuIpAddress));
    const request = call.body();
    return created(
      await initiatePayment(ctx, tpp(call), {
        product: paymentProduct,
        requestId: call.requestId,
        redirectUri,
        nokRedirectUri,
        request,
        rawBody: call.rawBody,
      }),
    );
  },
  getPaymentInformation: (call, ctx) => ok(readPayment(ctx, tpp(call), product(call), paymentId(call))),
  cancelPayment: async (call, ctx) => ok(await cancelPayment(ctx, tpp(call), product(call), paymentId(call))),
  getPaymentInitiationStatus: (call, ctx) => ok(paymentStatus(ctx, tpp(call), product(call), paymentId(call))),
  getPaymentInitiationAuthorisations: (call, ctx) =>
    ok(paymentAuthorisations(ctx, tpp(call), product(call), paymentId(call))),
  getPaymentInitiationScaStatus: (call, ctx) =>
    ok(paymentAuthorisation(ctx, tpp(call), product(call), paymentId(call), call.params.authorisation_id ?? '')),
} satisfies OperationTable;
