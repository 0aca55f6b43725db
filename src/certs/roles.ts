/**
 * PSD2 roles of a payment service provider, as registered in ETSI TS 119 495
 * (section 5.1). The OIDs are what certificates carry; the short names are
 * what people and the Berlin Group specification talk about.
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
