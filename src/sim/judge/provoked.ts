/**
 * What the client did after the sandbox provoked it (a fault answered, held, dropped or marked one
 * of its requests; a callback was forged to its receiver): the provocation and the provider's next
 * few exchanges, each with the findings it raised. Bounded per provider, like the findings.
 */
import type { CallbackEvidence, ExchangeEvidence } from './evidence.js';

export const PROVOCATIONS_PER_PROVIDER = 50;
/**
 * The most bytes of provocations kept per provider, as JSON text: each holds at most 1 + FOLLOW_UP
 * exchanges, masked with their bodies cut (evidence.ts); the newest is always kept.
 */
export const PROVOCATION_BYTES_PER_PROVIDER = 2 * 1024 * 1024;
/** How many of the provider's exchanges after a provocation are kept as what it then did. */
export const FOLLOW_UP = 3;

export interface Provocation {
  /** The fault rule kind (`lost-answer`, `status`, …) or `forge:<kind>` for a forged callback. */
  fault: string;
  provider: string;
  at: string;
  realAt: string;
  /** The exchange the fault acted on (none for a forged callback). */
  exchange?: ExchangeEvidence;
  /** The forged events and the receiver's answers. */
  callbacks?: CallbackEvidence[];
  /** The provider's next exchanges, with the rule ids of the findings each raised. */
  then: { exchange: ExchangeEvidence; findings: string[] }[];
}

export interface ProvocationLog {
  provoked(provocation: Omit<Provocation, 'then'>): void;
  /** An exchange of the provider: it follows every provocation still waiting for its next ones. */
  followed(provider: string, exchange: () => ExchangeEvidence, findings: readonly string[]): void;
  list(provider?: string): Provocation[];
  clear(provider?: string): void;
}

const sizeOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value) ?? '');

export function createProvocationLog(limitBytes = PROVOCATION_BYTES_PER_PROVIDER): ProvocationLog {
  const byProvider = new Map<string, Provocation[]>();
  const sizes = new WeakMap<Provocation, number>();
  const total = (list: readonly Provocation[]) => list.reduce((sum, one) => sum + (sizes.get(one) ?? 0), 0);
  const bound = (list: Provocation[]) => {
    while (list.length > PROVOCATIONS_PER_PROVIDER || (list.length > 1 && total(list) > limitBytes)) list.shift();
  };
  return {
    provoked(provocation) {
      const list = byProvider.get(provocation.provider) ?? [];
      byProvider.set(provocation.provider, list);
      const kept: Provocation = { ...provocation, then: [] };
      sizes.set(kept, sizeOf(kept));
      list.push(kept);
      bound(list);
    },
    followed(provider, exchange, findings) {
      const provoked = byProvider.get(provider);
      if (provoked === undefined) return;
      const waiting = provoked.filter((provocation) => provocation.then.length < FOLLOW_UP);
      if (waiting.length === 0) return;
      const evidence = exchange();
      const size = sizeOf(evidence);
      for (const provocation of waiting) {
        provocation.then.push({ exchange: evidence, findings: [...findings] });
        sizes.set(provocation, (sizes.get(provocation) ?? 0) + size);
      }
      bound(provoked);
    },
    list(provider) {
      const lists = provider === undefined ? [...byProvider.values()] : [byProvider.get(provider) ?? []];
      return lists.flat().sort((a, b) => a.realAt.localeCompare(b.realAt) || a.at.localeCompare(b.at));
    },
    clear(provider) {
      if (provider === undefined) byProvider.clear();
      else byProvider.delete(provider);
    },
  };
}
