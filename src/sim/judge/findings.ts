/**
 * The client report's findings, kept in memory per provider (never in the data file), at most
 * FINDINGS_PER_PROVIDER and FINDING_BYTES_PER_PROVIDER (their size as JSON text) each: the oldest go
 * first and are counted as dropped. Their evidence is masked and its bodies cut (evidence.ts), so
 * one finding's size is bounded too. Acknowledging a rule
 * (for every provider, or one) keeps its later findings out of the report: they are counted under
 * the acknowledgement, not kept.
 */
import type { ClientSeverity } from './client-rules.js';
import type { CallbackEvidence, ExchangeEvidence } from './evidence.js';

export const FINDINGS_PER_PROVIDER = 200;
/** The most bytes of findings kept per provider, as JSON text; the newest finding is always kept. */
export const FINDING_BYTES_PER_PROVIDER = 2 * 1024 * 1024;

export interface ClientFinding {
  rule: string;
  statement: string;
  section: string;
  /** The interface's sentence(s) the rule stands on, quoted (the rule's `cites`). */
  cites: string;
  severity: ClientSeverity;
  provider: string;
  consentId?: string;
  paymentId?: string;
  /** The request field at fault, when the answer named one. */
  field?: string;
  /** What happened, in one sentence. */
  detail: string;
  /** When the exchange that broke the rule arrived: sandbox clock and host clock. */
  at: string;
  realAt: string;
  /** The exchanges involved, oldest first; the one that broke the rule is last. */
  exchanges: ExchangeEvidence[];
  /** The callback deliveries involved (CLIENT-CALLBACK-ACK). */
  callbacks: CallbackEvidence[];
}

/**
 * Advice the judge gives (CLIENT_ADVICE): a habit stricter than the interface that the client did
 * not keep. Reported apart from findings, never counted as one, never failing a CI run.
 */
export interface ClientHint {
  /** The advice's id (`ADVICE-…`). */
  rule: string;
  statement: string;
  /** Why it is advice: what the interface says and leaves open. */
  why: string;
  provider: string;
  consentId?: string;
  paymentId?: string;
  detail: string;
  at: string;
  realAt: string;
  exchanges: ExchangeEvidence[];
}

export interface Acknowledgement {
  rule: string;
  /** Null: for every provider. */
  provider: string | null;
  /** Findings of the rule kept out of the report since it was acknowledged. */
  findings: number;
}

interface Kept<T> {
  seq: number;
  finding: T;
}

/** What the store keeps: findings, or hints (which are never acknowledged). */
interface Keepable {
  rule: string;
  provider: string;
}

export interface FindingStore<T extends Keepable = ClientFinding> {
  /** Keeps the finding unless its rule is acknowledged; true when kept. */
  add(finding: T): boolean;
  list(provider?: string): { findings: T[]; dropped: number };
  acknowledge(rule: string, provider: string | null): Acknowledgement[];
  acknowledgements(provider?: string): Acknowledgement[];
  /** Forgets the findings (of one provider) and their counts; acknowledgements stay, their counts start again. */
  clear(provider?: string): void;
  /** Forgets everything, acknowledgements too. */
  reset(): void;
}

const ackKey = (rule: string, provider: string | null) => `${rule}|${provider ?? '*'}`;

export function createFindingStore<T extends Keepable = ClientFinding>(limit = FINDINGS_PER_PROVIDER): FindingStore<T> {
  let seq = 0;
  // Sizes beside the kept lists, so their shape stays as it is: a finding's and a provider's bytes as JSON text.
  const sizes = new WeakMap<object, number>();
  const bytesOf = new WeakMap<object, number>();
  const limitBytes = FINDING_BYTES_PER_PROVIDER;
  const byProvider = new Map<string, { kept: Kept<T>[]; dropped: number }>();
  const acks = new Map<string, Acknowledgement>();

  const acknowledgements = (provider?: string) =>
    [...acks.values()]
      .filter((ack) => provider === undefined || ack.provider === null || ack.provider === provider)
      .map((ack) => ({ ...ack }));

  return {
    add(finding) {
      const ack = acks.get(ackKey(finding.rule, finding.provider)) ?? acks.get(ackKey(finding.rule, null));
      if (ack) {
        ack.findings += 1;
        return false;
      }
      const own = byProvider.get(finding.provider) ?? { kept: [], dropped: 0 };
      byProvider.set(finding.provider, own);
      own.kept.push({ seq: ++seq, finding });
      const bytes = Buffer.byteLength(JSON.stringify(finding));
      sizes.set(finding, bytes);
      bytesOf.set(own, (bytesOf.get(own) ?? 0) + bytes);
      while (own.kept.length > limit || (own.kept.length > 1 && bytesOf.get(own)! > limitBytes)) {
        bytesOf.set(own, bytesOf.get(own)! - (sizes.get(own.kept.shift()!.finding) ?? 0));
        own.dropped += 1;
      }
      return true;
    },
    list(provider) {
      const lists = provider === undefined ? [...byProvider.values()] : [byProvider.get(provider)].filter((x) => !!x);
      return {
        findings: lists
          .flatMap((list) => list.kept)
          .sort((a, b) => a.seq - b.seq)
          .map((kept) => kept.finding),
        dropped: lists.reduce((sum, list) => sum + list.dropped, 0),
      };
    },
    acknowledge(rule, provider) {
      if (!acks.has(ackKey(rule, provider))) acks.set(ackKey(rule, provider), { rule, provider, findings: 0 });
      return acknowledgements();
    },
    acknowledgements,
    clear(provider) {
      if (provider === undefined) byProvider.clear();
      else byProvider.delete(provider);
      for (const ack of acks.values()) if (provider === undefined || ack.provider === provider) ack.findings = 0;
    },
    reset() {
      byProvider.clear();
      acks.clear();
    },
  };
}
