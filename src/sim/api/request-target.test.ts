import { describe, expect, it } from 'vitest';
import { splitTarget } from './request-target.js';

describe('request targets', () => {
  it('split at the first question mark, keeping escapes as sent', () => {
    expect(splitTarget('/v1/accounts/a%20b/transactions?bookingStatus=both&x=?')).toEqual({
      pathname: '/v1/accounts/a%20b/transactions',
      query: 'bookingStatus=both&x=?',
    });
    expect(splitTarget('/v1/accounts')).toEqual({ pathname: '/v1/accounts', query: null });
    expect(splitTarget('/v1/accounts?')).toEqual({ pathname: '/v1/accounts', query: '' });
  });

  it('read an absolute-form target and a fragment as express did', () => {
    expect(splitTarget('https://bank.example/v1/accounts?x=1')).toEqual({ pathname: '/v1/accounts', query: 'x=1' });
    expect(splitTarget('/v1/accounts#top?x=1')).toEqual({ pathname: '/v1/accounts', query: null });
  });
});
