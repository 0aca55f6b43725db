/** /v1/consents (spec "Endpoint list"): each route translates HTTP to a service call. */
import { HEADERS } from '../../contract/index.js';
import type { SandboxContext } from '../context.js';
import { consentAuthorisation, consentAuthorisations, consentStatus, createConsent, deleteConsent, readConsent } from '../services/consents.js';
import { created, noContent, ok, type ApiRoute, type Call } from './call.js';
import { requireRole } from './identity.js';

const ais = [requireRole('PSP_AI')];

const tpp = (call: Call) => call.identity.organizationIdentifier;
const consentId = (call: Call) => call.params.consentId ?? '';

export function consentRoutes(ctx: SandboxContext): ApiRoute[] {
  return [
    {
      method: 'post',
      guards: ais,
      path: '/consents',
      handler: async (call) => {
        const consent = await createConsent(ctx, tpp(call), {
          redirectUri: call.get(HEADERS.redirectUri),
          nokRedirectUri: call.get(HEADERS.nokRedirectUri),
          body: call.body,
        });
        return created(consent);
      },
    },
    { method: 'get', guards: ais, path: '/consents/:consentId', handler: (call) => ok(readConsent(ctx, tpp(call), consentId(call))) },
    {
      method: 'delete',
      guards: ais,
      path: '/consents/:consentId',
      handler: async (call) => {
        await deleteConsent(ctx, tpp(call), consentId(call));
        return noContent();
      },
    },
    { method: 'get', guards: ais, path: '/consents/:consentId/status', handler: (call) => ok(consentStatus(ctx, tpp(call), consentId(call))) },
    {
      method: 'get',
      guards: ais,
      path: '/consents/:consentId/authorisations',
      handler: (call) => ok(consentAuthorisations(ctx, tpp(call), consentId(call))),
    },
    {
      method: 'get',
      guards: ais,
      path: '/consents/:consentId/authorisations/:authorisationId',
      handler: (call) => ok(consentAuthorisation(ctx, tpp(call), consentId(call), call.params.authorisationId ?? '')),
    },
  ];
}
