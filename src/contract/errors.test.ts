import { describe, expect, it } from 'vitest';
import { ERROR_CATALOG, errorBody, XsError } from './errors.js';

describe('error catalog', () => {
  it('gives every spec code the status of its class', () => {
    expect(ERROR_CATALOG.CERTIFICATE_MISSING.status).toBe(401);
    expect(ERROR_CATALOG.CONSENT_UNKNOWN.status).toBe(403);
    expect(ERROR_CATALOG.CANCELLATION_INVALID.status).toBe(405);
    expect(ERROR_CATALOG.REQUEST_ID_REUSED.status).toBe(409);
    expect(ERROR_CATALOG.ACCESS_EXCEEDED.status).toBe(429);
    expect(ERROR_CATALOG.INTERNAL_SERVER_ERROR.status).toBe(500);
  });

  it('writes the envelope with path only when a field is at fault', () => {
    expect(errorBody('FORMAT_ERROR', { path: 'creditorAccount.iban', text: 'bad' })).toEqual({
      tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR', path: 'creditorAccount.iban', text: 'bad' }],
    });
    expect(errorBody('CONSENT_UNKNOWN').tppMessages[0]).not.toHaveProperty('path');
  });

  it('keeps the one fixed sentence of PAYMENT_FAILED whatever a caller passes', () => {
    const error = new XsError('PAYMENT_FAILED', { text: 'insufficient funds' });
    expect(error.message).toBe(ERROR_CATALOG.PAYMENT_FAILED.text);
    expect(errorBody('PAYMENT_FAILED', { text: 'limit' })).toEqual(errorBody('PAYMENT_FAILED'));
  });
});
