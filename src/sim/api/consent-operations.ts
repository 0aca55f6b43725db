/**
 * Account-information consents, /v1/consents (spec "Endpoint list"): each operation reads its call
 * with the contract's readers and asks a service.
 */
import { refuseOmittedDefaults } from '../../contract/consent-request.js';
import { HEADERS } from '../../contract/index.js';
import { readNokRedirectUri, readPsuIpAddress, readRedirectUri } from '../../contract/request-headers.js';
import {
  consentAuthorisation,
  consentAuthorisations,
  consentStatus,
  createConsent,
  deleteConsent,
  readConsent,
} from '../services/consents.js';
import { created, noContent, ok, type Call, type OperationTable } from './call.js';

const tpp = (call: Call) => call.identity.organizationIdentifier;
const consentId = (call: Call) => call.params.consent_id ?? '';

export const consentOperations = {
  createConsent: async (call, ctx) => {
    // Headers before the body (docs/interpretations.md). PSU-IP-Address changes nothing on a
    // creation, but when sent it must be an IP address, as on every request that takes it (OPEN-23).
    const redirectUri = readRedirectUri(call.get(HEADERS.redirectUri), ctx.behaviour.redirectUriMissing);
    const nokRedirectUri = readNokRedirectUri(call.get(HEADERS.nokRedirectUri));
    readPsuIpAddress(call.get(HEADERS.psuIpAddress));
    const request = call.body();
    // The fields whose default the spec leaves open, where the bank profile requires them.
    const { recurringIndicatorDefault, validUntilDefault } = ctx.behaviour;
    refuseOmittedDefaults(request, {
      recurringIndicator: recurringIndicatorDefault === 'required',
      validUntil: validUntilDefault === 'required',
    });
    return created(await createConsent(ctx, tpp(call), { redirectUri, nokRedirectUri, request }));
  },
  getConsent: (call, ctx) => ok(readConsent(ctx, tpp(call), consentId(call))),
  deleteConsent: async (call, ctx) => {
    await deleteConsent(ctx, tpp(call), consentId(call));
    return noContent();
  },
  getConsentStatus: (call, ctx) => ok(consentStatus(ctx, tpp(call), consentId(call))),
  getConsentAuthorisations: (call, ctx) => ok(consentAuthorisations(ctx, tpp(call), consentId(call))),
  getConsentScaStatus: (call, ctx) =>
    ok(consentAuthorisation(ctx, tpp(call), consentId(call), call.params.authorisation_id ?? '')),
} satisfies OperationTable;
