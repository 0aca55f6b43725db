import { describe, expect, it } from 'vitest';
import { ALL_TPP_ROLES, PSP_ROLES, assertPspRoles, isPspRole, roleForOid } from './roles.js';

describe('PSD2 roles', () => {
  it('maps every role OID back to its role', () => {
    for (const [role, oid] of Object.entries(PSP_ROLES)) expect(roleForOid(oid)).toBe(role);
  });

  it("holds the current edition's role table (TS 119 495 Annex A): the first profile's four and those added since", () => {
    expect(PSP_ROLES).toEqual({
      Unspecified: '0.4.0.19495.1.0',
      PSP_AS: '0.4.0.19495.1.1',
      PSP_PI: '0.4.0.19495.1.2',
      PSP_AI: '0.4.0.19495.1.3',
      PSP_IC: '0.4.0.19495.1.4',
      PSP_CB: '0.4.0.19495.1.5',
      PSP_PA: '0.4.0.19495.1.6',
      VOP_RS: '0.4.0.19495.1.51',
      VOP_VS: '0.4.0.19495.1.52',
    });
  });

  it('does not recognise unknown OIDs or inherited object keys as roles', () => {
    expect(roleForOid('0.4.0.19495.1.9')).toBeUndefined();
    expect(isPspRole('toString')).toBe(false);
    expect(isPspRole('__proto__')).toBe(false);
    expect(isPspRole('psp_ai')).toBe(false);
    expect(isPspRole('PSP_AI')).toBe(true);
  });

  it('gives third-party providers every role except account servicing', () => {
    expect([...ALL_TPP_ROLES].sort()).toEqual(['PSP_AI', 'PSP_IC', 'PSP_PI']);
  });

  it('deduplicates a role list and rejects empty lists and unknown roles', () => {
    expect(assertPspRoles(['PSP_PI', 'PSP_AI', 'PSP_PI'])).toEqual(['PSP_PI', 'PSP_AI']);
    expect(() => assertPspRoles([])).toThrow(/non-empty/);
    expect(() => assertPspRoles(['PSP_XX'])).toThrow(/Unknown PSD2 role "PSP_XX"/);
    expect(() => assertPspRoles('PSP_AI')).toThrow(/non-empty list/);
  });

  it('takes the unspecified role only as the single entry (TS 119 495 clause 5.2.2)', () => {
    expect(assertPspRoles(['Unspecified'])).toEqual(['Unspecified']);
    expect(assertPspRoles(['Unspecified', 'Unspecified'])).toEqual(['Unspecified']);
    expect(() => assertPspRoles(['Unspecified', 'PSP_AI'])).toThrow(/Unspecified is a single entry/);
    expect(() => assertPspRoles(['PSP_AI', 'Unspecified'])).toThrow(/Unspecified is a single entry/);
  });
});
