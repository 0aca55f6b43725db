/** The control API under /sandbox (docs/control-api.md): one line per call. */
import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import { param, type Route } from './routes.js';
import { clientReportRoutes } from './client-report-routes.js';
import { faultRoutes } from './fault-routes.js';
import { parseOrFormatError } from '../../contract/parse.js';
import { bookTransaction } from '../services/bookings.js';
import { deliveriesView } from '../services/callbacks/events.js';
import { revokeConsent } from '../services/consents/revocation.js';
import { consentsView } from '../services/consents/lists.js';
import { amendPayment, paymentsView } from '../services/payments/control.js';
import { confirmPayee } from '../services/payments/customer.js';
import { actAsCustomer } from '../services/sca/customer-acts.js';
import { smsView } from '../services/sca/one-time-code.js';
import { clockView, moveClock } from '../services/control/clock.js';
import { chooseProfile } from '../services/control/profile.js';
import { resetSandbox } from '../services/control/reset.js';
import { customersView, decideRegistration, providersView } from '../services/control/world.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type ControlRoutesContext = Pick<
  SandboxContext,
  | 'store'
  | 'clock'
  | 'events'
  | 'world'
  | 'callbackCa'
  | 'deliveriesInFlight'
  | 'faults'
  | 'profile'
  | 'behaviour'
  | 'profileChoice'
  | 'judge'
  | 'log'
  | 'bank'
>;

const CustomerActs = z.strictObject({
  psuId: z.string().min(1),
  decision: z.enum(['approve', 'decline']),
  otp: z.string().optional(),
});
const RevokeBody = z.strictObject({ by: z.enum(['customer', 'service']).optional() });
const ClockMoveBody = z.union([z.strictObject({ advance: z.string() }), z.strictObject({ set: z.string() })]);
const RegisterBody = z.strictObject({ authorised: z.boolean() });
const PayeeBody = z.strictObject({ confirm: z.boolean() });
const OrganizationIdentifier = z.string().min(1).max(128);

const parseBody = <T>(schema: z.ZodType<T>, body: unknown, hint: string): T =>
  parseOrFormatError(schema, body ?? {}, hint);

export function controlRoutes(ctx: ControlRoutesContext): Route[] {
  return [
    { method: 'get', path: '/customers', handler: (_req, res) => res.json(customersView(ctx)) },
    { method: 'get', path: '/providers', handler: (_req, res) => res.json(providersView(ctx)) },
    { method: 'get', path: '/clock', handler: (_req, res) => res.json(clockView(ctx)) },
    // The bank profile served: a TPP's test can print it next to a failure.
    {
      method: 'get',
      path: '/profile',
      handler: (_req, res) => res.json({ profile: ctx.profile.profile, settings: ctx.profile.settings }),
    },
    // Another profile from now on (with worlds: this world's), kept in the state so every process serves it.
    {
      method: 'put',
      path: '/profile',
      handler: async (req, res) => {
        const served = await chooseProfile(ctx, req.body);
        res.json({ profile: served.profile, settings: served.settings });
      },
    },
    {
      method: 'post',
      path: '/clock',
      handler: async (req, res) => {
        const move = parseBody(
          ClockMoveBody,
          req.body,
          'Send {"advance":"PT1H"} (an ISO 8601 duration) or {"set":"2026-06-01T00:00:00Z"}.',
        );
        res.json(await moveClock(ctx, move));
      },
    },
    {
      method: 'post',
      path: '/register/:organizationIdentifier',
      handler: async (req, res) => {
        const id = parseBody(
          OrganizationIdentifier,
          param(req, 'organizationIdentifier'),
          'An organizationIdentifier such as PSDDE-BAFIN-123456.',
        );
        const { authorised } = parseBody(
          RegisterBody,
          req.body,
          'Send {"authorised":false} to withdraw or {"authorised":true} to restore.',
        );
        res.json(await decideRegistration(ctx, id, authorised));
      },
    },
    {
      method: 'post',
      path: '/authorisations/:authorisationId',
      handler: async (req, res) => {
        const acts = parseBody(
          CustomerActs,
          req.body,
          'Send {"psuId":"anna","decision":"approve"|"decline","otp"?:"123456"}.',
        );
        res.json(await actAsCustomer(ctx, param(req, 'authorisationId'), acts));
      },
    },
    { method: 'get', path: '/sms', handler: (_req, res) => res.json(smsView(ctx)) },
    { method: 'get', path: '/consents', handler: (_req, res) => res.json(consentsView(ctx)) },
    {
      method: 'post',
      path: '/consents/:consentId/revoke',
      handler: async (req, res) => {
        // Who revokes is not told to the provider: both causes answer and notify the same way.
        parseBody(RevokeBody, req.body, 'Send {} or {"by":"customer"|"service"}.');
        res.json(await revokeConsent(ctx, param(req, 'consentId')));
      },
    },
    { method: 'get', path: '/callbacks', handler: (_req, res) => res.json(deliveriesView(ctx)) },
    { method: 'get', path: '/payments', handler: (_req, res) => res.json(paymentsView(ctx)) },
    {
      method: 'post',
      path: '/payments/:paymentId/amend',
      handler: async (req, res) => res.json(await amendPayment(ctx, param(req, 'paymentId'), req.body)),
    },
    {
      method: 'post',
      path: '/payments/:paymentId/payee',
      handler: async (req, res) => {
        const { confirm } = parseBody(
          PayeeBody,
          req.body,
          'Send {"confirm":true} to confirm the payee or {"confirm":false} to refuse.',
        );
        res.json(await confirmPayee(ctx, param(req, 'paymentId'), confirm));
      },
    },
    {
      method: 'post',
      path: '/transactions',
      handler: async (req, res) => res.status(201).json(await bookTransaction(ctx, req.body)),
    },
    { method: 'post', path: '/reset', handler: async (_req, res) => res.json(await resetSandbox(ctx)) },
    ...faultRoutes(ctx),
    ...clientReportRoutes(ctx),
  ];
}
