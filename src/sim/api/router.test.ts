import { describe, expect, it } from 'vitest';
import { createRouter } from './router.js';

const TABLE = [
  { method: 'get' as const, path: '/consents/:consentId' },
  { method: 'get' as const, path: '/accounts/:accountId/balances' },
];

describe('the API router', () => {
  it('decodes parameters and serves HEAD with the GET route', () => {
    const route = createRouter(TABLE, '/v1');
    expect(route('GET', '/v1/consents/%C3%A9t%C3%A9').params).toEqual({ consentId: 'été' });
    expect(route('HEAD', '/v1/accounts/x/balances').route).toBe(TABLE[1]);
  });
});
