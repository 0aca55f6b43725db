/**
 * What a single request can break on its own: CLIENT-MALFORMED (spec "Errors: Codes": FORMAT_ERROR,
 * PRODUCT_INVALID, SERVICE_INVALID, with `path` when a field is at fault), CLIENT-ENDPOINT
 * ("Endpoint list"; "Versioning" 4: hrefs are opaque, the named fields are the supported routes) and
 * CLIENT-ACCOUNT-ID ("Path parameters": account_id "Not constructed; an IBAN in this position is
 * not recognised").
 */
import { wellFormedRequestId } from '../seen.js';
import { check, line, outcome } from './check.js';

const MALFORMED = new Set(['FORMAT_ERROR', 'PRODUCT_INVALID', 'SERVICE_INVALID']);
/** The shape of an IBAN (spec "AccountReference"); a resourceId is opaque and need not avoid it, the sandbox's never do. */
const IBAN_SHAPE = /^[A-Z]{2}[0-9]{2}[A-Z0-9]{4,30}$/;

export const malformed = check({
  rule: 'CLIENT-MALFORMED',
  memory: () => undefined,
  judge(_memory, seen) {
    // A refusal of the X-Request-ID itself is CLIENT-REQUEST-ID-FORM's; a fault's answer is the sandbox's doing.
    if (!MALFORMED.has(seen.code ?? '') || seen.event.fault !== undefined || !wellFormedRequestId(seen))
      return undefined;
    const field = seen.fields[0];
    return {
      rule: 'CLIENT-MALFORMED',
      detail: `${line(seen)} was refused as malformed: ${outcome(seen)}${field ? ` at ${field}` : ''}.`,
      ...(field ? { field } : {}),
      ...(seen.consentId ? { consentId: seen.consentId } : {}),
    };
  },
});

export const endpoint = check({
  rule: 'CLIENT-ENDPOINT',
  memory: () => undefined,
  judge(_memory, seen) {
    if (seen.operationId) return undefined;
    return {
      rule: 'CLIENT-ENDPOINT',
      detail: `${line(seen)} names no endpoint of the interface (answered ${outcome(seen)}).`,
    };
  },
});

export const accountId = check({
  rule: 'CLIENT-ACCOUNT-ID',
  memory: () => undefined,
  judge(_memory, seen) {
    if (seen.accountId === undefined || !IBAN_SHAPE.test(seen.accountId.replace(/\s/g, ''))) return undefined;
    return {
      rule: 'CLIENT-ACCOUNT-ID',
      detail: `${line(seen)} put an IBAN where the account's resourceId belongs.`,
      ...(seen.consentId ? { consentId: seen.consentId } : {}),
    };
  },
});
