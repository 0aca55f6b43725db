/**
 * The roles of a payment service provider, as ETSI TS 119 495 registers them: clause 5.1 (the
 * PSD2QcType statement, whose RolesOfPSP hold each role as roleOfPspOid and roleOfPspName),
 * clause 5.2.2 (the role names: "the name in roleOfPspName is the one associated with the role
 * object identifier held in roleOfPspOid") and Annex A (the ASN.1 module: id-psd2-role-psp-as
 * { etsi-psd2-roles 1 } … id-psd2-role-psp-ic { etsi-psd2-roles 4 }, etsi-psd2-roles being
 * 0.4.0.19495.1). These four are the roles this code takes from the ETSI text; a role OID outside
 * this table is one the linter reports as unregistered here (clause 5.2.2 lets other roles be
 * "defined and registered by an organization recognized at the European or national level"), and
 * the sandbox grants nothing for it. The short names are what people and the Berlin Group
 * specification talk about.
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
  return unique;
}
