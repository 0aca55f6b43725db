/**
 * Reading the bodies of confirmation of funds (spec "FundsConfirmationConsentRequest",
 * "FundsConfirmationRequest"): every malformed field is FORMAT_ERROR with its path. Wire format
 * only; whether the consent names the account is the simulator's rule.
 */
import {
  FundsConfirmationConsentRequestSchema,
  FundsConfirmationRequestSchema,
  type FundsConfirmationConsentRequest,
  type FundsConfirmationRequest,
} from './cof.js';
import { refuseOtherAccountIdentifiers } from './account-reference.js';
import { XsError } from './errors.js';
import { isObject, parseOrFormatError } from './parse.js';

export function readCofConsentRequest(body: unknown, today: string): FundsConfirmationConsentRequest {
  if (!isObject(body))
    throw new XsError('FORMAT_ERROR', { text: 'The body must be a FundsConfirmationConsentRequest object.' });
  // recurringIndicator and frequencyPerDay are not accepted here: sending either has no effect.
  const { recurringIndicator: _r, frequencyPerDay: _f, ...rest } = body;
  refuseOtherAccountIdentifiers([['account', body.account]]);
  const request = parseOrFormatError(FundsConfirmationConsentRequestSchema, rest);
  if (request.validUntil !== undefined && request.validUntil < today) {
    throw new XsError('FORMAT_ERROR', {
      path: 'validUntil',
      text: `validUntil must not be in the past (today is ${today}).`,
    });
  }
  return request;
}

export function readFundsRequest(body: unknown): FundsConfirmationRequest {
  if (isObject(body)) refuseOtherAccountIdentifiers([['account', body.account]]);
  return parseOrFormatError(FundsConfirmationRequestSchema, body ?? {});
}
