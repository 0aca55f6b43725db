/** /v1/payments (spec "Endpoint list"): each route translates HTTP to a service call. */
import type { Request, Response } from 'express';
import { HEADERS } from '../../contract/index.js';
import type { SandboxContext } from '../context.js';
import { param, type Route } from '../http/routes.js';
import { cancelPayment, initiatePayment, paymentAuthorisation, paymentAuthorisations, paymentStatus, readPayment } from '../services/payments.js';
import { identityOf, requireRole } from './identity.js';

const pis = [requireRole('PSP_PI')];

const tpp = (res: Response) => identityOf(res).organizationIdentifier;
const product = (req: Request) => param(req, 'product');
const paymentId = (req: Request) => param(req, 'paymentId');

export function paymentRoutes(ctx: SandboxContext): Route[] {
  return [
    {
      method: 'post',
      guards: pis,
      path: '/payments/:product',
      handler: async (req, res) => {
        const created = await initiatePayment(ctx, tpp(res), {
          product: product(req),
          requestId: req.get(HEADERS.requestId) ?? '',
          redirectUri: req.get(HEADERS.redirectUri),
          nokRedirectUri: req.get(HEADERS.nokRedirectUri),
          psuIpAddress: req.get(HEADERS.psuIpAddress),
          body: req.body,
        });
        res.status(201).location(created._links.self.href).json(created);
      },
    },
    { method: 'get', guards: pis, path: '/payments/:product/:paymentId', handler: (req, res) => res.json(readPayment(ctx, tpp(res), product(req), paymentId(req))) },
    {
      method: 'delete',
      guards: pis,
      path: '/payments/:product/:paymentId',
      handler: async (req, res) => res.json(await cancelPayment(ctx, tpp(res), product(req), paymentId(req))),
    },
    { method: 'get', guards: pis, path: '/payments/:product/:paymentId/status', handler: (req, res) => res.json(paymentStatus(ctx, tpp(res), product(req), paymentId(req))) },
    {
      method: 'get',
      guards: pis,
      path: '/payments/:product/:paymentId/authorisations',
      handler: (req, res) => res.json(paymentAuthorisations(ctx, tpp(res), product(req), paymentId(req))),
    },
    {
      method: 'get',
      guards: pis,
      path: '/payments/:product/:paymentId/authorisations/:authorisationId',
      handler: (req, res) => res.json(paymentAuthorisation(ctx, tpp(res), product(req), paymentId(req), param(req, 'authorisationId'))),
    },
  ];
}
