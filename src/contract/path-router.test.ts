import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from './endpoints.js';
import { allowHeader, createPathRouter } from './path-router.js';

/** A deterministic shuffle (mulberry32), so a failing order can be replayed from its seed. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/**
 * Paths a parameter could take from a literal of another row: each template filled with a value
 * that equals some literal of the table, so only "a literal beats a parameter" decides.
 */
const LITERALS = [
  ...new Set(ENDPOINTS.flatMap((row) => row.path.split('/').filter((part) => part && !part.startsWith('{')))),
];
const SAMPLES = ENDPOINTS.flatMap((row) =>
  ['x1', ...LITERALS].map((value) => ({ method: row.method, path: row.path.replace(/\{[a-z_]+\}/g, value) })),
);

describe('the path router', () => {
  const reference = createPathRouter(ENDPOINTS);
  const expected = SAMPLES.map(({ method, path }) => reference(path)?.methods.get(method.toUpperCase())?.operationId);

  it('takes the most specific template: a literal beats a parameter at the first segment they differ', () => {
    const find = (method: string, path: string) => reference(path)?.methods.get(method)?.operationId;
    expect(find('GET', '/v1/consents/confirmation-of-funds/status')).toBe('getFundsConfirmationConsent');
    expect(find('GET', '/v1/consents/c1/status')).toBe('getConsentStatus');
    expect(find('POST', '/v1/consents/confirmation-of-funds')).toBe('createFundsConfirmationConsent');
    // The literal path is the CoF consent creation: a GET there is its 405, never an AIS consent read.
    expect(find('GET', '/v1/consents/confirmation-of-funds')).toBeUndefined();
    expect(reference('/v1/consents/confirmation-of-funds')?.allow).toBe('POST');
    expect(find('GET', '/v1/consents/status/status')).toBe('getConsentStatus');
    expect(find('GET', '/v1/payments/status/status/status')).toBe('getPaymentInitiationStatus');
  });

  it.each([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])(
    'answers the same whatever order the rows are declared in (shuffle seed %i)',
    (seed) => {
      const find = createPathRouter(shuffled(ENDPOINTS, seed));
      const seen = SAMPLES.map(({ method, path }) => find(path)?.methods.get(method.toUpperCase())?.operationId);
      expect(seen).toEqual(expected);
      // The Allow header does not follow declaration order either.
      for (const { path } of SAMPLES) expect(find(path)?.allow).toBe(reference(path)?.allow);
    },
  );

  it('matches literals in any case, one trailing slash, and only non-empty parameters', () => {
    expect(reference('/V1/Accounts/a1/BALANCES/')?.methods.get('GET')?.operationId).toBe('getBalances');
    expect(reference('/v1/accounts/a1/balances//')).toBeUndefined();
    expect(reference('/v1/accounts//balances')).toBeUndefined();
    expect(reference('/v1/accounts/a%20b/balances')?.params).toEqual({ account_id: 'a%20b' });
  });

  it('refuses a table with two rows for one method and path', () => {
    expect(() =>
      createPathRouter([
        { method: 'get', path: '/a/{x}' },
        { method: 'get', path: '/a/:y' },
      ]),
    ).toThrow('Two routes for GET /a/:y.');
  });

  it('orders Allow as GET, POST, PUT, DELETE with HEAD after GET', () => {
    expect(allowHeader(['delete', 'put', 'get'])).toBe('GET, PUT, DELETE, HEAD');
    expect(allowHeader(['post'])).toBe('POST');
  });
});
