import { describe, expect, it } from 'vitest';
import { registration } from './providers.js';
import { isAuthorised } from './register.js';

const identity = {
  organizationIdentifier: 'PSDDE-BAFIN-1',
  name: 'TPP One',
  roles: ['PSP_PI', 'PSP_AI'] as ('PSP_PI' | 'PSP_AI')[],
  nca: { name: 'BaFin', id: 'DE-BAFIN' },
  // Registration never reads the certificate itself.
  certificate: { serialNumber: '1', notAfter: new Date('2030-01-01T00:00:00Z'), der: Buffer.alloc(0) },
};
const t0 = new Date('2026-03-01T10:00:00Z');
const t1 = new Date('2026-03-02T10:00:00Z');

describe('registration', () => {
  it('registers a provider on first sight with its roles sorted', () => {
    expect(registration(undefined, identity, t0)).toEqual({
      organizationIdentifier: 'PSDDE-BAFIN-1',
      name: 'TPP One',
      roles: ['PSP_AI', 'PSP_PI'],
      nca: { name: 'BaFin', id: 'DE-BAFIN' },
      registeredAt: t0.toISOString(),
      updatedAt: t0.toISOString(),
    });
  });

  it('changes nothing when the same certificate comes back, and updates on new roles', () => {
    const first = registration(undefined, identity, t0)!;
    expect(registration(first, identity, t1)).toBeUndefined();
    const updated = registration(first, { ...identity, roles: ['PSP_AI'] }, t1)!;
    expect(updated.roles).toEqual(['PSP_AI']);
    expect(updated.registeredAt).toBe(t0.toISOString());
    expect(updated.updatedAt).toBe(t1.toISOString());
  });
});

describe('regulator register', () => {
  const fixture = { providers: [{ organizationIdentifier: 'PSDDE-BAFIN-9', name: 'Gone', authorised: false }] };

  it('authorises unlisted providers and follows listed entries', () => {
    expect(isAuthorised(fixture, undefined, 'PSDDE-BAFIN-1')).toBe(true);
    expect(isAuthorised(fixture, undefined, 'PSDDE-BAFIN-9')).toBe(false);
  });

  it('lets a recorded decision override the fixture either way', () => {
    const at = t0.toISOString();
    expect(isAuthorised(fixture, { authorised: true, decidedAt: at }, 'PSDDE-BAFIN-9')).toBe(true);
    expect(isAuthorised(fixture, { authorised: false, decidedAt: at }, 'PSDDE-BAFIN-1')).toBe(false);
  });
});
