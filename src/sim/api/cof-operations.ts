/** Confirmation of funds (spec "Endpoint list"): its consents and the confirmation itself. */
import { HEADERS } from '../../contract/index.js';
import { confirmFunds, createCofConsent } from '../services/cof.js';
import { consentAuthorisation, consentAuthorisations, consentStatus, deleteConsent, readConsent } from '../services/consents.js';
import { created, noContent, ok, type Call, type OperationTable } from './call.js';

const tpp = (call: Call) => call.identity.organizationIdentifier;
const consentId = (call: Call) => call.params.consent_id ?? '';

export const cofOperations = {
  createFundsConfirmationConsent: async (call, ctx) =>
    created(await createCofConsent(ctx, tpp(call), { redirectUri: call.get(HEADERS.redirectUri), body: call.body })),
  getFundsConfirmationConsent: (call, ctx) => ok(readConsent(ctx, tpp(call), consentId(call), 'cof')),
  deleteFundsConfirmationConsent: async (call, ctx) => {
    await deleteConsent(ctx, tpp(call), consentId(call), 'cof');
    return noContent();
  },
  getFundsConfirmationConsentStatus: (call, ctx) => ok(consentStatus(ctx, tpp(call), consentId(call), 'cof')),
  getFundsConfirmationConsentAuthorisations: (call, ctx) => ok(consentAuthorisations(ctx, tpp(call), consentId(call), 'cof')),
  getFundsConfirmationConsentScaStatus: (call, ctx) =>
    ok(consentAuthorisation(ctx, tpp(call), consentId(call), call.params.authorisation_id ?? '', 'cof')),
  checkAvailabilityOfFunds: async (call, ctx) => {
    const answer = await confirmFunds(ctx, { tpp: tpp(call), consentId: call.get(HEADERS.consentId), psuIpAddress: call.get(HEADERS.psuIpAddress), body: call.body });
    return ok(answer.body, answer.headers);
  },
} satisfies OperationTable;
