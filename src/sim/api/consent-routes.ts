/** /v1/consents (spec "Endpoint list"): each route translates HTTP to a service call. */
import { HEADERS } from '../../contract/index.js';
import type { SandboxContext } from '../context.js';
import { param, type Route } from '../http/routes.js';
import { judgeBudget, rateLimitHeaders } from '../rules/budget.js';
import { consentAuthorisation, consentAuthorisations, consentStatus, createConsent, deleteConsent, readConsent } from '../services/consents.js';
import { identityOf, requireRole } from './identity.js';

const ais = [requireRole('PSP_AI')];

const tpp = (res: Parameters<typeof identityOf>[0]) => identityOf(res).organizationIdentifier;

export function consentRoutes(ctx: SandboxContext): Route[] {
  return [
    {
      method: 'post',
      guards: ais,
      path: '/consents',
      handler: async (req, res) => {
        const created = await createConsent(ctx, tpp(res), {
          redirectUri: req.get(HEADERS.redirectUri),
          nokRedirectUri: req.get(HEADERS.nokRedirectUri),
          body: req.body,
        });
        if (ctx.deviations.has('rate-limit-headers-on-uncapped')) {
          // Deviation rate-limit-headers-on-uncapped (tests only): an uncapped operation reports a budget.
          const now = ctx.clock.now();
          res.set(rateLimitHeaders(judgeBudget({ limit: 4, used: 0, attended: false, now }), now));
        }
        res.status(201).location(created._links.self.href).json(created);
      },
    },
    { method: 'get', guards: ais, path: '/consents/:consentId', handler: (req, res) => res.json(readConsent(ctx, tpp(res), param(req, 'consentId'))) },
    {
      method: 'delete',
      guards: ais,
      path: '/consents/:consentId',
      handler: async (req, res) => {
        await deleteConsent(ctx, tpp(res), param(req, 'consentId'));
        res.status(204).end();
      },
    },
    { method: 'get', guards: ais, path: '/consents/:consentId/status', handler: (req, res) => res.json(consentStatus(ctx, tpp(res), param(req, 'consentId'))) },
    {
      method: 'get',
      guards: ais,
      path: '/consents/:consentId/authorisations',
      handler: (req, res) => res.json(consentAuthorisations(ctx, tpp(res), param(req, 'consentId'))),
    },
    {
      method: 'get',
      guards: ais,
      path: '/consents/:consentId/authorisations/:authorisationId',
      handler: (req, res) => res.json(consentAuthorisation(ctx, tpp(res), param(req, 'consentId'), param(req, 'authorisationId'))),
    },
  ];
}
