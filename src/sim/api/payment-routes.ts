/** /v1/payments (spec "Endpoint list"): each route translates HTTP to a service call. */
import { HEADERS } from '../../contract/index.js';
import type { SandboxContext } from '../context.js';
import { cancelPayment, initiatePayment, paymentAuthorisation, paymentAuthorisations, paymentStatus, readPayment } from '../services/payments.js';
import { created, ok, type ApiRoute, type Call } from './call.js';
import { requireRole } from './identity.js';

const pis = [requireRole('PSP_PI')];

const tpp = (call: Call) => call.identity.organizationIdentifier;
const product = (call: Call) => call.params.product ?? '';
const paymentId = (call: Call) => call.params.paymentId ?? '';

export function paymentRoutes(ctx: SandboxContext): ApiRoute[] {
  return [
    {
      method: 'post',
      guards: pis,
      path: '/payments/:product',
      handler: async (call) =>
        created(
          await initiatePayment(ctx, tpp(call), {
            product: product(call),
            requestId: call.get(HEADERS.requestId) ?? '',
            redirectUri: call.get(HEADERS.redirectUri),
            nokRedirectUri: call.get(HEADERS.nokRedirectUri),
            psuIpAddress: call.get(HEADERS.psuIpAddress),
            body: call.body,
          }),
        ),
    },
    { method: 'get', guards: pis, path: '/payments/:product/:paymentId', handler: (call) => ok(readPayment(ctx, tpp(call), product(call), paymentId(call))) },
    {
      method: 'delete',
      guards: pis,
      path: '/payments/:product/:paymentId',
      handler: async (call) => ok(await cancelPayment(ctx, tpp(call), product(call), paymentId(call))),
    },
    { method: 'get', guards: pis, path: '/payments/:product/:paymentId/status', handler: (call) => ok(paymentStatus(ctx, tpp(call), product(call), paymentId(call))) },
    {
      method: 'get',
      guards: pis,
      path: '/payments/:product/:paymentId/authorisations',
      handler: (call) => ok(paymentAuthorisations(ctx, tpp(call), product(call), paymentId(call))),
    },
    {
      method: 'get',
      guards: pis,
      path: '/payments/:product/:paymentId/authorisations/:authorisationId',
      handler: (call) => ok(paymentAuthorisation(ctx, tpp(call), product(call), paymentId(call), call.params.authorisationId ?? '')),
    },
  ];
}
