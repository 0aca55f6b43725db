/**
 * Confirmation of funds (spec "Endpoint list"): its consents and the confirmation itself, all for
 * the role PSP_IC. Mounted before the account-information consent routes, whose `/consents/:id`
 * would otherwise take these paths.
 */
import { HEADERS } from '../../contract/index.js';
import type { SandboxContext } from '../context.js';
import { confirmFunds, createCofConsent } from '../services/cof.js';
import { consentAuthorisation, consentAuthorisations, consentStatus, deleteConsent, readConsent } from '../services/consents.js';
import { created, noContent, ok, type ApiRoute, type Call } from './call.js';
import { requireRole } from './identity.js';

const cof = [requireRole('PSP_IC')];
const tpp = (call: Call) => call.identity.organizationIdentifier;
const consentId = (call: Call) => call.params.consentId ?? '';

export function cofRoutes(ctx: SandboxContext): ApiRoute[] {
  return [
    {
      method: 'post',
      guards: cof,
      path: '/consents/confirmation-of-funds',
      handler: async (call) => created(await createCofConsent(ctx, tpp(call), { redirectUri: call.get(HEADERS.redirectUri), body: call.body })),
    },
    { method: 'get', guards: cof, path: '/consents/confirmation-of-funds/:consentId', handler: (call) => ok(readConsent(ctx, tpp(call), consentId(call), 'cof')) },
    {
      method: 'delete',
      guards: cof,
      path: '/consents/confirmation-of-funds/:consentId',
      handler: async (call) => {
        await deleteConsent(ctx, tpp(call), consentId(call), 'cof');
        return noContent();
      },
    },
    {
      method: 'get',
      guards: cof,
      path: '/consents/confirmation-of-funds/:consentId/status',
      handler: (call) => ok(consentStatus(ctx, tpp(call), consentId(call), 'cof')),
    },
    { method: 'get', guards: cof, path: '/consents/confirmation-of-funds/:consentId/authorisations', handler: (call) => ok(consentAuthorisations(ctx, tpp(call), consentId(call), 'cof')) },
    {
      method: 'get',
      guards: cof,
      path: '/consents/confirmation-of-funds/:consentId/authorisations/:authorisationId',
      handler: (call) => ok(consentAuthorisation(ctx, tpp(call), consentId(call), call.params.authorisationId ?? '', 'cof')),
    },
    {
      method: 'post',
      guards: cof,
      path: '/funds-confirmations',
      handler: async (call) => {
        const answer = await confirmFunds(ctx, { tpp: tpp(call), consentId: call.get(HEADERS.consentId), psuIpAddress: call.get(HEADERS.psuIpAddress), body: call.body });
        return ok(answer.body, answer.headers);
      },
    },
  ];
}
