import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../contract/endpoints.js';
import { createRouter } from './router.js';
import { apiRoutes, OPERATIONS } from './operations.js';

describe('the operations seam', () => {
  it('implements every row of the endpoint table and nothing else', () => {
    expect(Object.keys(OPERATIONS).sort()).toEqual(ENDPOINTS.map((row) => row.operationId).sort());
  });

  it('routes each path to the same operation whatever order the routes are declared in', () => {
    // Every parameter filled with a value another row has as a literal, and with a plain one.
    const paths = ENDPOINTS.flatMap((row) =>
      ['x1', 'status', 'confirmation-of-funds', 'authorisations'].map((value) => ({
        method: row.method.toUpperCase(),
        path: row.path.replace(/\{[a-z_]+\}/g, value),
      })),
    );
    const routed = (routes: ReturnType<typeof apiRoutes>) => {
      const route = createRouter(routes);
      return paths.map(({ method, path }) => {
        try {
          return route(method, path).route.row.operationId;
        } catch (error) {
          return (error as { code?: string }).code;
        }
      });
    };
    const forward = routed(apiRoutes());
    expect(forward.filter((seen) => seen === 'METHOD_NOT_ALLOWED').length).toBeGreaterThan(0);
    expect(forward.slice(0, 4)).toEqual([
      'createFundsConfirmationConsent',
      'createFundsConfirmationConsent',
      'createFundsConfirmationConsent',
      'createFundsConfirmationConsent',
    ]);
    expect(routed(apiRoutes([...ENDPOINTS].reverse()))).toEqual(forward);
    expect(routed(apiRoutes([...ENDPOINTS.slice(13), ...ENDPOINTS.slice(0, 13)]))).toEqual(forward);
  });

  it('guards each row by its requirement, and the revocation callback by none', () => {
    const identity = {
      organizationIdentifier: 'PSDXX-NCA-1',
      name: 'x',
      roles: ['PSP_AI' as const],
      nca: undefined,
      certificate: { serialNumber: '1', notAfter: new Date('2030-01-01T00:00:00Z'), der: Buffer.alloc(0) },
    };
    for (const route of apiRoutes()) {
      if (route.row.requires === 'registered') expect(route.guard).toBeUndefined();
      else if (route.row.requires === 'PSP_AI') expect(() => route.guard?.(identity)).not.toThrow();
      else expect(() => route.guard?.(identity)).toThrow(expect.objectContaining({ code: 'ROLE_INVALID' }));
    }
  });
});
