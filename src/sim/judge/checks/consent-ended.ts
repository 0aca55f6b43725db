/**
 * CLIENT-CONSENT-ENDED (spec "States: Consent": an ended consent gives CONSENT_EXPIRED or
 * CONSENT_INVALID on use; "Errors: Codes"; "Events" 2: the consent stops working at once, the
 * callback is a courtesy). A consent is used by `Consent-ID` on account data and funds
 * confirmations; reading its status or deleting it is not a use. What the client was told is
 * remembered per consent: an end for every use, or a CONSENT_INVALID for one request (a data type
 * not granted, an account outside it, a consent not yet approved) until the consent changes status.
 */
import { BoundedMap } from '../bounded.js';
import { answeredBefore, type Seen } from '../seen.js';
import type { Subjects } from '../subjects.js';
import { check, line, outcome, PROVIDER_MEMORY } from './check.js';

const ENDED_STATUSES = new Set(['revokedByPsu', 'terminatedByTpp', 'expired', 'rejected']);

interface Told {
  seen: Seen;
  why: string;
  tick: number;
}

interface Memory {
  /** `consentId|ais`, `consentId|cof` or `consentId|any`: every use on that service is after an end. */
  ended: BoundedMap<string, Told>;
  /** `consentId|METHOD path`: that one request was refused with CONSENT_INVALID. */
  refused: BoundedMap<string, Told>;
}

const serviceOf = (seen: Seen) => (seen.dataType === 'funds' ? 'cof' : 'ais');

/** The first telling is the one that counts: an answer that left later, read late, does not replace it. */
function keepFirst(map: BoundedMap<string, Told>, key: string, told: Told): void {
  const before = map.get(key);
  if (before === undefined || told.seen.leftRealMs < before.seen.leftRealMs) map.set(key, told);
}

/** Learns what this exchange told the client about its consent. */
function remember(memory: Memory, seen: Seen, subjects: Subjects, tick: number): void {
  const consentId = seen.consentId!;
  const told = (why: string) => ({ seen, why, tick });
  // Which operations delete, read or use a consent is the endpoint table's word (seen.ts ENDPOINT_FACTS).
  if (seen.consentAction === 'delete' && seen.status === 204)
    keepFirst(memory.ended, `${consentId}|any`, told('the client deleted it'));
  if (seen.consentAction === 'read') {
    const read = (seen.answerJson as { consentStatus?: unknown } | undefined)?.consentStatus;
    if (typeof read === 'string' && ENDED_STATUSES.has(read))
      keepFirst(memory.ended, `${consentId}|any`, told(`a read of it answered ${read}`));
  }
  if (seen.consentAction !== 'use') return;
  if (seen.code === 'CONSENT_EXPIRED') keepFirst(memory.ended, `${consentId}|any`, told(outcome(seen)));
  else if (seen.code === 'CONSENT_UNKNOWN')
    keepFirst(memory.ended, `${consentId}|${serviceOf(seen)}`, told(outcome(seen)));
  else if (seen.code === 'CONSENT_INVALID') {
    const status = subjects.consentStatus(consentId);
    if (status !== undefined && ENDED_STATUSES.has(status))
      keepFirst(memory.ended, `${consentId}|any`, told(`${outcome(seen)} (the consent is ${status})`));
    else {
      // A refusal holds until the consent changes: the newest arrival's is the one to compare with.
      const key = `${consentId}|${seen.method} ${seen.event.request.path}`;
      const before = memory.refused.get(key);
      if (before === undefined || before.seen.realMs <= seen.realMs) memory.refused.set(key, told(outcome(seen)));
    }
  }
}

export const consentEnded = check({
  rule: 'CLIENT-CONSENT-ENDED',
  memory: (): Memory => ({ ended: new BoundedMap(PROVIDER_MEMORY), refused: new BoundedMap(PROVIDER_MEMORY) }),
  judge(memory, seen, { subjects, tick }) {
    const consentId = seen.consentId;
    if (!consentId) return undefined;
    let told: Told | undefined;
    let why: string | undefined;
    if (seen.consentAction === 'use') {
      // Only what was answered before the request arrived was told (arrival order).
      const heard = (one: Told | undefined) => (one && answeredBefore(one.seen, seen) ? one : undefined);
      told =
        memory.ended.size === 0
          ? undefined
          : (heard(memory.ended.get(`${consentId}|${serviceOf(seen)}`)) ?? heard(memory.ended.get(`${consentId}|any`)));
      why = told?.why;
      const delivered = subjects.revocationDelivered(consentId);
      if (!told && delivered !== undefined && delivered < seen.realMs) why = 'its revocation callback was delivered';
      const refusal =
        memory.refused.size === 0
          ? undefined
          : heard(memory.refused.get(`${consentId}|${seen.method} ${seen.event.request.path}`));
      if (
        !why &&
        refusal &&
        !subjects.changedSince([`consent:${consentId}`], refusal.tick, refusal.seen.atMs, seen.atMs)
      ) {
        told = refusal;
        why = `the same request was refused with ${refusal.why} and the consent has not changed since`;
      }
    }
    remember(memory, seen, subjects, tick);
    if (!why) return undefined;
    return {
      rule: 'CLIENT-CONSENT-ENDED',
      detail: `${line(seen)} used consent ${consentId} after ${why}.`,
      ...(told ? { earlier: [told.seen] } : {}),
      consentId,
    };
  },
});
