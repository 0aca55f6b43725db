/** Account-information consents, /v1/consents (spec "Endpoint list"): each operation translates a call to a service. */
import { HEADERS } from '../../contract/index.js';
import { consentAuthorisation, consentAuthorisations, consentStatus, createConsent, deleteConsent, readConsent } from '../services/consents.js';
import { created, noContent, ok, type Call, type OperationTable } from './call.js';

const tpp = (call: Call) => call.identity.organizationIdentifier;
const consentId = (call: Call) => call.params.consent_id ?? '';

export const consentOperations = {
  createConsent: async (call, ctx) =>
    created(
      await createConsent(ctx, tpp(call), {
        redirectUri: call.get(HEADERS.redirectUri),
        nokRedirectUri: call.get(HEADERS.nokRedirectUri),
        body: call.body,
      }),
    ),
  getConsent: (call, ctx) => ok(readConsent(ctx, tpp(call), consentId(call))),
  deleteConsent: async (call, ctx) => {
    await deleteConsent(ctx, tpp(call), consentId(call));
    return noContent();
  },
  getConsentStatus: (call, ctx) => ok(consentStatus(ctx, tpp(call), consentId(call))),
  getConsentAuthorisations: (call, ctx) => ok(consentAuthorisations(ctx, tpp(call), consentId(call))),
  getConsentScaStatus: (call, ctx) => ok(consentAuthorisation(ctx, tpp(call), consentId(call), call.params.authorisation_id ?? '')),
} satisfies OperationTable;
