/** The customer portal pages (same port as the SCA pages), through the same services as the control API. */
import express, { type Request, type Response, type Router } from 'express';
import type { SandboxContext } from '../../context.js';
import { revokeByCustomer } from '../../services/consents/revocation.js';
import { consentsOfCustomer } from '../../services/consents/lists.js';
import { cancelByCustomer } from '../../services/payments/cancellation.js';
import { confirmPayee } from '../../services/payments/customer.js';
import { cancellablePaymentsOf, pendingPayeeChecksOf } from '../../services/payments/portal-lists.js';
import type { BrowserGuard } from './browser-guard.js';
import { pageHandler, PageProblem } from './page-handler.js';
import { paymentSections, portalLoginView, portalView } from './portal-views.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type PortalRoutesContext = Pick<
  SandboxContext,
  'store' | 'clock' | 'events' | 'world' | 'callbackCa' | 'deliveriesInFlight' | 'faults' | 'behaviour' | 'log' | 'bank'
>;

const NOTICES: Record<string, string> = {
  revoked: 'Access revoked. The provider can no longer use it.',
  'payee-confirmed': 'Payee confirmed. The payment goes ahead.',
  'payee-refused': 'Payment stopped: you did not recognise the payee.',
  cancelled: 'Payment cancelled.',
};

function field(req: Request, name: string): string {
  const value = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}

export function portalRoutes(ctx: PortalRoutesContext, guard: BrowserGuard): Router {
  const router = express.Router();
  const handler = (handle: Parameters<typeof pageHandler>[0]) => pageHandler(handle, ctx.log);
  const purpose = (psuId: string) => `portal:${psuId}`;

  /** The logged-in customer of a POST, with a genuine form; refused otherwise. */
  const customerPosting = (req: Request): string => {
    const psuId = guard.portalCustomer(req);
    if (!psuId) throw new PageProblem(403, 'Please log in', 'Your session has ended. Log in again.');
    if (!guard.formIsGenuine(req, purpose(psuId)))
      throw new PageProblem(403, 'Form not accepted', 'This form was not sent from this page. Reload and try again.');
    return psuId;
  };

  router.use(['/login', '/logout', '/portal'], express.urlencoded({ extended: false, limit: '8kb' }));

  router.get(
    '/',
    handler((req, res) => {
      if (guard.portalCustomer(req)) return res.redirect(303, '/portal');
      const token = guard.formToken(guard.browserOf(req, res), 'portal-login');
      res
        .type('html')
        .send(
          portalLoginView(token, req.query.error === 'login' ? 'The User ID or password is not right.' : undefined),
        );
    }),
  );

  router.post(
    '/login',
    handler((req, res) => {
      if (!guard.formIsGenuine(req, 'portal-login'))
        throw new PageProblem(403, 'Form not accepted', 'This form was not sent from this page. Reload and try again.');
      const customer = ctx.world.seed.customer(field(req, 'psuId'));
      if (!customer || customer.password !== field(req, 'password')) return res.redirect(303, '/?error=login');
      guard.portalLogin(res, guard.browserOf(req, res), customer.psuId);
      res.redirect(303, '/portal');
    }),
  );

  router.get(
    '/portal',
    handler((req: Request, res: Response) => {
      const psuId = guard.portalCustomer(req);
      const customer = psuId ? ctx.world.seed.customer(psuId) : undefined;
      if (!customer) return res.redirect(303, '/');
      const token = guard.formToken(guard.browserOf(req, res), purpose(customer.psuId));
      res
        .type('html')
        .set('Cache-Control', 'no-store')
        .send(
          portalView({
            name: customer.name,
            token,
            notice: NOTICES[String(req.query.done ?? '')],
            consents: consentsOfCustomer(ctx, customer.psuId),
            sections: paymentSections(
              token,
              pendingPayeeChecksOf(ctx, customer.psuId),
              cancellablePaymentsOf(ctx, customer.psuId),
            ),
          }),
        );
    }),
  );

  router.post(
    '/portal/consents/:consentId/revoke',
    handler(async (req, res) => {
      await revokeByCustomer(ctx, customerPosting(req), req.params.consentId as string);
      res.redirect(303, '/portal?done=revoked');
    }),
  );

  router.post(
    '/portal/payments/:paymentId/payee',
    handler(async (req, res) => {
      const psuId = customerPosting(req);
      const paymentId = req.params.paymentId as string;
      // Only the customer who authorised a payment answers its payee check.
      if (!pendingPayeeChecksOf(ctx, psuId).some((row) => row.paymentId === paymentId)) {
        throw new PageProblem(404, 'Nothing to confirm', 'There is no payee check for you on this payment.');
      }
      const confirm = field(req, 'confirm') === 'yes';
      await confirmPayee(ctx, paymentId, confirm);
      res.redirect(303, `/portal?done=${confirm ? 'payee-confirmed' : 'payee-refused'}`);
    }),
  );

  router.post(
    '/portal/payments/:paymentId/cancel',
    handler(async (req, res) => {
      await cancelByCustomer(ctx, customerPosting(req), req.params.paymentId as string);
      res.redirect(303, '/portal?done=cancelled');
    }),
  );

  router.post(
    '/logout',
    handler((req, res) => {
      customerPosting(req);
      guard.portalLogout(res);
      res.redirect(303, '/');
    }),
  );

  return router;
}
