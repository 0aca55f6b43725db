import { describe, expect, it } from 'vitest';
import { answerShape, matchEndpoint } from './endpoint-match.js';

describe('matchEndpoint', () => {
  it('finds the row of a concrete path', () => {
    expect(matchEndpoint('GET', '/v1/accounts/abc/balances')?.operationId).toBe('getBalances');
    expect(matchEndpoint('DELETE', '/v1/payments/sepa-credit-transfers/p1')?.operationId).toBe('cancelPayment');
  });

  it('prefers the literal segment of the CoF consent paths over a consent id', () => {
    expect(matchEndpoint('GET', '/v1/consents/confirmation-of-funds/c1')?.operationId).toBe(
      'getFundsConfirmationConsent',
    );
    expect(matchEndpoint('GET', '/v1/consents/c1/status')?.operationId).toBe('getConsentStatus');
  });

  it('knows no row for another method, an empty id or a path outside the table', () => {
    expect(matchEndpoint('PATCH', '/v1/accounts')).toBeUndefined();
    expect(matchEndpoint('GET', '/v1/accounts//balances')).toBeUndefined();
    expect(matchEndpoint('GET', '/v2/accounts')).toBeUndefined();
  });
});

describe('answerShape', () => {
  const balances = matchEndpoint('GET', '/v1/accounts/a/balances')!;

  it('asks the success body on the success status, the envelope on a 4xx, nothing of a 5xx', () => {
    expect(answerShape(balances, 200)).toMatchObject({ kind: 'body', name: 'BalanceResponse' });
    expect(answerShape(balances, 429)).toMatchObject({ kind: 'body', name: 'TppMessages' });
    expect(answerShape(balances, 503)).toEqual({ kind: 'open' });
  });

  it('asks no body of a 204', () => {
    expect(answerShape(matchEndpoint('DELETE', '/v1/consents/c1')!, 204)).toEqual({ kind: 'empty' });
  });
});
