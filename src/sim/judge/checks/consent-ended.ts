/**
 * CLIENT-CONSENT-ENDED (spec "States: Consent": an ended consent gives CONSENT_EXPIRED or
 * CONSENT_INVALID on use; "Errors: Codes"; "Events" 2: the consent stops working at once, the
 * callback is a courtesy). A consent is used by `Consent-ID` on account data and funds
 * confirmations; reading its status or deleting it is not a use. What the client was told is
 * remembered per consent: an end for every use, or a CONSENT_INVALID for one request (a data type
 * not granted, an account outside it, a consent not yet approved) until the consent changes status.
 */
import { BoundedMap } from '../bounded.js';
import type { Seen } from '../seen.js';
import type { Subjects } from '../subjects.js';
import { check, line, outcome, PROVIDER_MEMORY } from './check.js';

const ENDED_STATUSES = new Set(['revokedByPsu', 'terminatedByTpp', 'expired', 'rejected']);
const DELETES = new Set(['deleteConsent', 'deleteFundsConfirmationConsent']);
const READS = new Set([
  'getConsent',
  'getConsentStatus',
  'getFundsConfirmationConsent',
  'getFundsConfirmationConsentStatus',
]);

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

/** Learns what this exchange told the client about its consent. */
function remember(memory: Memory, seen: Seen, subjects: Subjects, tick: number): void {
  const consentId = seen.consentId!;
  const told = (why: string) => ({ seen, why, tick });
  if (seen.operationId && DELETES.has(seen.operationId) && seen.status === 204)
    memory.ended.set(`${consentId}|any`, told('the client deleted it'));
  if (seen.operationId && READS.has(seen.operationId)) {
    const read = (seen.answerJson as { consentStatus?: unknown } | undefined)?.consentStatus;
    if (typeof read === 'string' && ENDED_STATUSES.has(read))
      memory.ended.set(`${consentId}|any`, told(`a read of it answered ${read}`));
  }
  if (!seen.dataType) return;
  if (seen.code === 'CONSENT_EXPIRED') memory.ended.set(`${consentId}|any`, told(outcome(seen)));
  else if (seen.code === 'CONSENT_UNKNOWN') memory.ended.set(`${consentId}|${serviceOf(seen)}`, told(outcome(seen)));
  else if (seen.code === 'CONSENT_INVALID') {
    const status = subjects.consentStatus(consentId);
    if (status !== undefined && ENDED_STATUSES.has(status))
      memory.ended.set(`${consentId}|any`, told(`${outcome(seen)} (the consent is ${status})`));
    else memory.refused.set(`${consentId}|${seen.method} ${seen.event.request.path}`, told(outcome(seen)));
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
    if (seen.dataType) {
      told =
        memory.ended.size === 0
          ? undefined
          : (memory.ended.get(`${consentId}|${serviceOf(seen)}`) ?? memory.ended.get(`${consentId}|any`));
      why = told?.why;
      const delivered = subjects.revocationDelivered(consentId);
      if (!told && delivered !== undefined && delivered < seen.realMs) why = 'its revocation callback was delivered';
      const refusal =
        memory.refused.size === 0
          ? undefined
          : memory.refused.get(`${consentId}|${seen.method} ${seen.event.request.path}`);
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
