/**
 * What the client judge knows of the sandbox's records, learnt only from the change events the
 * sandbox already sends (never from the store): who was given each consent, payment and
 * authorisation id, each consent's status, and when something that decides an answer changed —
 * a status moved, money moved on an account, a provider registered again, or a status that time
 * alone changes (`due`) fell due. Events are counted as they come (`tick`), so "changed after that
 * refusal" compares two counts, whatever the clocks did.
 */
import type { AuthorisationEvent, ConsentStatusEvent, PaymentEvent, ProviderEvent } from '../events.js';
import { BoundedMap } from './bounded.js';

/** How many records the judge remembers across all providers; the oldest are forgotten first. */
export const SUBJECT_MEMORY = 20_000;

export type SubjectKey = `${'consent' | 'payment' | 'authorisation' | 'iban' | 'provider'}:${string}`;

interface Change {
  tick: number;
  /** When time alone changes it next (sandbox ms), if it will. */
  dueMs: number | undefined;
}

export interface Subjects {
  /** The count of events seen so far: what "after" means. */
  tick(): number;
  /** The provider the sandbox gave this consent, payment or authorisation id to. */
  owner(id: string): string | undefined;
  consentStatus(consentId: string): string | undefined;
  /** Whether any of these changed after `tick`, or fell due between the two sandbox times. */
  changedSince(keys: readonly SubjectKey[], tick: number, fromMs: number, toMs: number): boolean;
  /** The host time a revocation callback of this consent was answered 2xx, if one was. */
  revocationDelivered(consentId: string): number | undefined;
  consent(event: ConsentStatusEvent): void;
  payment(event: PaymentEvent): void;
  authorisation(event: AuthorisationEvent): void;
  provider(event: ProviderEvent): void;
  delivered(consentId: string, realMs: number): void;
  /** Every event moves the count, so an exchange judged after it knows it came later. */
  advance(): number;
}

export function createSubjects(): Subjects {
  let tick = 0;
  const owners = new BoundedMap<string, string>(SUBJECT_MEMORY);
  const statuses = new BoundedMap<string, string>(SUBJECT_MEMORY);
  const changes = new BoundedMap<SubjectKey, Change>(SUBJECT_MEMORY);
  const deliveries = new BoundedMap<string, number>(SUBJECT_MEMORY);

  /** A record's own snapshot: its status changed now, and its `due` (or none) is what time will do next. */
  const snapshot = (key: SubjectKey, dueAt: string | undefined) =>
    changes.set(key, { tick, dueMs: dueAt === undefined ? undefined : Date.parse(dueAt) });
  /** A change seen through another record: what time will do to this one is still what its own snapshot said. */
  const touched = (key: SubjectKey) => changes.set(key, { tick, dueMs: changes.get(key)?.dueMs });

  return {
    tick: () => tick,
    advance: () => ++tick,
    owner: (id) => owners.get(id),
    consentStatus: (consentId) => statuses.get(consentId),
    changedSince(keys, since, fromMs, toMs) {
      return keys.some((key) => {
        const change = changes.get(key);
        if (!change) return false;
        return change.tick > since || (change.dueMs !== undefined && change.dueMs > fromMs && change.dueMs <= toMs);
      });
    },
    revocationDelivered: (consentId) => deliveries.get(consentId),
    consent(event) {
      // A spent budget or a one-off consent's use sends one too; only a new status, or an owner not known
      // yet, tells anything, so the rest costs two look-ups and no write.
      const sameStatus = statuses.get(event.consentId) === event.consentStatus;
      if (sameStatus && owners.get(event.consentId) === event.tpp) return;
      owners.set(event.consentId, event.tpp);
      if (sameStatus) return;
      statuses.set(event.consentId, event.consentStatus);
      snapshot(`consent:${event.consentId}`, event.due?.at);
    },
    payment(event) {
      owners.set(event.paymentId, event.tpp);
      snapshot(`payment:${event.paymentId}`, event.due?.at);
      // Money reserved, released or booked on either account can turn a PAYMENT_FAILED around.
      touched(`iban:${event.debtorIban}`);
      touched(`iban:${event.creditorIban}`);
    },
    authorisation(event) {
      owners.set(event.authorisationId, event.tpp);
      snapshot(`authorisation:${event.authorisationId}`, event.due?.at);
      // The customer acting on an authorisation is a change of what it authorises.
      touched(`${event.parent.kind}:${event.parent.id}`);
    },
    provider(event) {
      touched(`provider:${event.organizationIdentifier}`);
    },
    delivered(consentId, realMs) {
      if (!deliveries.has(consentId)) deliveries.set(consentId, realMs);
    },
  };
}
