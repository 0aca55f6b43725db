/**
 * What the store holds: only what requests change. Seeded customers, accounts and histories are
 * rebuilt from the seed and never stored. Each service adds its collections here as it lands.
 */
export interface ProviderRecord {
  organizationIdentifier: string;
  name: string;
  roles: string[];
  nca: { name: string; id: string } | undefined;
  registeredAt: string;
  updatedAt: string;
}

/** A regulator decision made through `POST /sandbox/register/{organizationIdentifier}`. */
export interface RegisterDecision {
  authorised: boolean;
  decidedAt: string;
}

export interface StoreData {
  version: 1;
  /** Sandbox clock offset from real time, so a restart with --data keeps sandbox time. */
  clockOffsetMs: number;
  /** UTC day the seeded histories end on (their dates are relative to it). */
  seedAnchor: string;
  providers: Record<string, ProviderRecord>;
  registerDecisions: Record<string, RegisterDecision>;
}

export function emptyData(seedAnchor: string): StoreData {
  return { version: 1, clockOffsetMs: 0, seedAnchor, providers: {}, registerDecisions: {} };
}
