import { describe, expect, it } from 'vitest';
import { matchesPath, patternProblem } from './path-pattern.js';

describe('fault path patterns', () => {
  it.each([
    ['/v1/consents', '/v1/consents', true],
    ['/v1/consents', '/v1/consents/', true],
    ['/v1/consents', '/v1/consents?x=1', true],
    ['/v1/consents', '/v1/consents/abc', false],
    ['/v1/accounts/{account_id}/balances', '/v1/accounts/r123/balances', true],
    ['/v1/accounts/:accountId/balances', '/v1/accounts/r123/balances', true],
    ['/v1/accounts/*/balances', '/v1/accounts/r123/transactions', false],
    ['/v1/accounts/*', '/v1/accounts', false],
    ['/v1/payments/**', '/v1/payments/sepa-credit-transfers/p1/status', true],
    ['/v1/payments/**', '/v1/payments', true],
    ['/**', '/v1/accounts', true],
    ['/v1/Consents', '/v1/consents', false],
  ])('%s against %s is %s', (pattern, path, expected) => {
    expect(matchesPath(pattern, path)).toBe(expected);
  });

  it('refuses patterns that are not absolute, carry a query, or put ** before the end', () => {
    expect(patternProblem('v1/consents')).toBe('a path pattern starts with /');
    expect(patternProblem('/v1/consents?x=1')).toBe('a path pattern has no query, fragment or spaces');
    expect(patternProblem('/v1/**/status')).toBe('** may only end a path pattern');
    expect(patternProblem('/v1/payments/**')).toBeUndefined();
  });
});
