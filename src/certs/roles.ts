/**
 * The roles of a payment service provider, as ETSI TS 119 495 registers them: clause 5.1 (the
 * PSD2QcType statement, whose RolesOfPSP hold each role as roleOfPspOid and roleOfPspName),
 * clause 5.2.2 (the role names: "the name in roleOfPspName is the one associated with the role
 * object identifier held in roleOfPspOid") and Annex A (the ASN.1 module, etsi-psd2-roles being
 * 0.4.0.19495.1). The first profile registered the four PSD2 roles { etsi-psd2-roles 1 } to
 * { etsi-psd2-roles 4 }; the current edition (V1.8.1, Annex A) adds an unspecified role
 * { etsi-psd2-roles 0 }, PSP_CB { 5 } and PSP_PA { 6 }, and the roles of the verification-of-payee
 * scheme, VOP_RS { 51 } and VOP_VS { 52 }, which public linters now check as well. A role OID
 * outside this table is one the linter reports as unregistered (clause 5.2.2 lets other roles be
 * "defined and registered by an organization recognized at the European or national level"). The
 * sandbox grants XS2A access for the three TPP roles alone (the interface's role table); a QWAC
 * with only other registered roles registers its provider, and is refused each operation with
 * ROLE_INVALID. The short names are what people and the Berlin Group specification talk about.
 */
export const PSP_ROLES = {
  /** Account servicing (the bank itself). */
  PSP_AS: '0.4.0.19495.1.1',
  /** Payment initiation. */
  PSP_PI: '0.4.0.19495.1.2',
  /** Account information. */
  PSP_AI: '0.4.0.19495.1.3',
  /** Issuing of card-based payment instruments (confirmation of funds). */
  PSP_IC: '0.4.0.19495.1.4',
  /** Added by the current edition (Annex A): no particular role. */
  Unspecified: '0.4.0.19495.1.0',
  /** Added by the current edition (Annex A). */
  PSP_CB: '0.4.0.19495.1.5',
  /** Added by the current edition (Annex A). */
  PSP_PA: '0.4.0.19495.1.6',
  /** Verification of payee, the requesting side (added by the current edition, Annex A). */
  VOP_RS: '0.4.0.19495.1.51',
  /** Verification of payee, the responding side (added by the current edition, Annex A). */
  VOP_VS: '0.4.0.19495.1.52',
} as const;

export type PspRole = keyof typeof PSP_ROLES;

/**
 * The roles a third-party provider can hold against an XS2A interface.
 * PSP_AS is left out on purpose: a bank's own role grants nothing at another
 * bank's API, so the sandbox's default TPP does not claim it.
 */
export const ALL_TPP_ROLES: PspRole[] = ['PSP_AI', 'PSP_PI', 'PSP_IC'];

export function isPspRole(s: string): s is PspRole {
  // Object.hasOwn, not `in`: 'toString' and friends must not count as roles.
  return Object.hasOwn(PSP_ROLES, s);
}

export function roleForOid(oid: string): PspRole | undefined {
  for (const role of Object.keys(PSP_ROLES) as PspRole[]) {
    if (PSP_ROLES[role] === oid) return role;
  }
  return undefined;
}

/**
 * Checks a caller-supplied role list and returns it without duplicates.
 * Throws one message naming the valid roles, so CLI users can correct typos.
 */
export function assertPspRoles(roles: unknown): PspRole[] {
  const valid = Object.keys(PSP_ROLES).join(', ');
  if (!Array.isArray(roles) || roles.length === 0) {
    throw new Error(`PSD2 roles must be a non-empty list of ${valid}`);
  }
  const unique: PspRole[] = [];
  for (const role of roles) {
    if (typeof role !== 'string' || !isPspRole(role)) {
      throw new Error(`Unknown PSD2 role ${JSON.stringify(role)}; expected one of ${valid}`);
    }
    if (!unique.includes(role)) unique.push(role);
  }
  // Clause 5.2.2: RolesOfPSP holds one or more roles, or a single entry saying the role is unspecified;
  // "unspecified" beside a role it would contradict is no profile a TSP may issue.
  if (unique.includes('Unspecified') && unique.length > 1) {
    throw new Error('PSD2 role Unspecified is a single entry (TS 119 495 clause 5.2.2): give it alone or leave it out');
  }
  return unique;
}
