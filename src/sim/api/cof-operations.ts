/** Confirmation of funds (spec "Endpoint list"): its consents and the confirmation itself. */
import { HEADERS } from '../../contract/index.js';
import { readConsentId, readPsuIpAddress, readRedirectUri } from '../../contract/request-headers.js';
import { createCofConsent } from '../services/cof/consent.js';
import { confirmFunds } from '../services/cof/funds.js';
import { deleteConsent } from '../services/consents/deletion.js';
import { consentAuthorisation, consentAuthorisations, consentStatus, readConsent } from '../services/consents/reads.js';
import { created, noContent, ok } from './answer.js';
import type { Call, OperationTable } from './call.js';

const tpp = (call: Call) => call.identity.organizationIdentifier;
const consentId = (call: Call) => call.params.consent_id ?? '';

export const cofOperations = {
  createFundsConfirmationConsent: async (call, ctx) => {
    const redirectUri = readRedirectUri(call.get(HEADERS.redirectUri), ctx.behaviour.redirectUriMissing);
    // Changes nothing on a creation, but when sent it must be an IP address (OPEN-23).
    readPsuIpAddress(call.get(HEADERS.psuIpAddress));
    const request = call.body();
    return created(await createCofConsent(ctx, tpp(call), { redirectUri, request }));
  },
  getFundsConfirmationConsent: (call, ctx) => ok(readConsent(ctx, tpp(call), consentId(call), 'cof')),
  deleteFundsConfirmationConsent: async (call, ctx) => {
    await deleteConsent(ctx, tpp(call), consentId(call), 'cof');
    return noContent();
  },
  getFundsConfirmationConsentStatus: (call, ctx) => ok(consentStatus(ctx, tpp(call), consentId(call), 'cof')),
  getFundsConfirmationConsentAuthorisations: (call, ctx) =>
    ok(consentAuthorisations(ctx, tpp(call), consentId(call), 'cof')),
  getFundsConfirmationConsentScaStatus: (call, ctx) =>
    ok(consentAuthorisation(ctx, tpp(call), consentId(call), call.params.authorisation_id ?? '', 'cof')),
  checkAvailabilityOfFunds: async (call, ctx) => {
    // PSU-IP-Address, the body, then Consent-ID: a request wrong in several ways is told the first.
    const attended = readPsuIpAddress(call.get(HEADERS.psuIpAddress)) !== undefined;
    const request = call.body();
    const consent = readConsentId(call.get(HEADERS.consentId), 'funds confirmations');
    const answer = await confirmFunds(ctx, { tpp: tpp(call), consentId: consent, attended, request });
    return ok(answer.body, answer.headers);
  },
} satisfies OperationTable;
