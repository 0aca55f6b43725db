/**
 * Reading a ConsentRequest body (spec "ConsentRequest", "Errors"): refused kinds of access and
 * combinedServiceIndicator true are SERVICE_INVALID; every malformed field is FORMAT_ERROR with
 * its path. Requested IBANs are checked for form only, never looked up (Scope rules 2). A reader
 * of the wire format: the API's edge runs it before anything of the bank is touched, so the rules
 * only ever see a well-formed request.
 */
import { accessReferences, refuseOtherAccountIdentifiers } from './account-reference.js';
import { ConsentRequestSchema, REFUSED_ACCESS_KINDS, type ConsentRequest } from './ais.js';
import { XsError } from './errors.js';
import { isObject, parseOrFormatError } from './parse.js';

export function readConsentRequest(body: unknown, today: string): ConsentRequest {
  if (!isObject(body)) throw new XsError('FORMAT_ERROR', { text: 'The body must be a ConsentRequest object.' });
  if (isObject(body.access)) {
    for (const kind of REFUSED_ACCESS_KINDS) {
      if (body.access[kind] !== undefined) {
        throw new XsError('SERVICE_INVALID', {
          path: `access.${kind}`,
          text: `${kind} is not offered: name the accounts in accounts, balances or transactions.`,
        });
      }
    }
  }
  if (body.combinedServiceIndicator === true) {
    throw new XsError('SERVICE_INVALID', {
      path: 'combinedServiceIndicator',
      text: 'Combined AIS and PIS sessions are not offered: omit combinedServiceIndicator or send false.',
    });
  }
  refuseOtherAccountIdentifiers(accessReferences(body.access));
  const request = parseOrFormatError(ConsentRequestSchema, body);
  const { accounts = [], balances = [], transactions = [] } = request.access;
  if (accounts.length + balances.length + transactions.length === 0) {
    throw new XsError('FORMAT_ERROR', {
      path: 'access',
      text: 'access must name at least one account in accounts, balances or transactions.',
    });
  }
  if (request.validUntil !== undefined && request.validUntil < today) {
    throw new XsError('FORMAT_ERROR', {
      path: 'validUntil',
      text: `validUntil must not be in the past (today is ${today}).`,
    });
  }
  return request;
}

/**
 * The fields whose default the spec leaves open: a bank profile may require them instead of
 * defaulting (`consent.recurringIndicatorDefault` / `consent.validUntilDefault`: required), and
 * then leaving one out is FORMAT_ERROR on its path.
 */
export function refuseOmittedDefaults(
  request: ConsentRequest,
  required: { recurringIndicator: boolean; validUntil: boolean },
): void {
  if (required.recurringIndicator && request.recurringIndicator === undefined) {
    throw new XsError('FORMAT_ERROR', {
      path: 'recurringIndicator',
      text: 'recurringIndicator is required: true for a recurring consent, false for a one-off.',
    });
  }
  if (required.validUntil && request.validUntil === undefined) {
    throw new XsError('FORMAT_ERROR', {
      path: 'validUntil',
      text: 'validUntil is required: the last day (YYYY-MM-DD) the consent may be used.',
    });
  }
}
