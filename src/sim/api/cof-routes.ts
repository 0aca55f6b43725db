/**
 * Confirmation of funds (spec "Endpoint list"): its consents and the confirmation itself, all for
 * the role PSP_IC. Mounted before the account-information consent routes, whose `/consents/:id`
 * would otherwise take these paths.
 */
import { HEADERS } from '../../contract/index.js';
import type { SandboxContext } from '../context.js';
import { param, type Route } from '../http/routes.js';
import { confirmFunds, createCofConsent } from '../services/cof.js';
import { consentStatus, deleteConsent, readConsent } from '../services/consents.js';
import { identityOf, requireRole } from './identity.js';

const cof = [requireRole('PSP_IC')];
const tpp = (res: Parameters<typeof identityOf>[0]) => identityOf(res).organizationIdentifier;

export function cofRoutes(ctx: SandboxContext): Route[] {
  return [
    {
      method: 'post',
      guards: cof,
      path: '/consents/confirmation-of-funds',
      handler: async (req, res) => {
        const created = await createCofConsent(ctx, tpp(res), { redirectUri: req.get(HEADERS.redirectUri), body: req.body });
        res.status(201).location(created._links.self.href).json(created);
      },
    },
    { method: 'get', guards: cof, path: '/consents/confirmation-of-funds/:consentId', handler: (req, res) => res.json(readConsent(ctx, tpp(res), param(req, 'consentId'), 'cof')) },
    {
      method: 'delete',
      guards: cof,
      path: '/consents/confirmation-of-funds/:consentId',
      handler: async (req, res) => {
        await deleteConsent(ctx, tpp(res), param(req, 'consentId'), 'cof');
        res.status(204).end();
      },
    },
    {
      method: 'get',
      guards: cof,
      path: '/consents/confirmation-of-funds/:consentId/status',
      handler: (req, res) => res.json(consentStatus(ctx, tpp(res), param(req, 'consentId'), 'cof')),
    },
    {
      method: 'post',
      // Deviation cof-role-not-checked (tests only): no PSP_IC needed.
      guards: ctx.deviations.has('cof-role-not-checked') ? [] : cof,
      path: '/funds-confirmations',
      handler: async (req, res) => {
        const answer = await confirmFunds(ctx, { tpp: tpp(res), consentId: req.get(HEADERS.consentId), psuIpAddress: req.get(HEADERS.psuIpAddress), body: req.body });
        res.set(answer.headers).json(answer.body);
      },
    },
  ];
}
