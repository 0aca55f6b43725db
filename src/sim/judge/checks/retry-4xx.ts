/**
 * CLIENT-RETRY-4XX (spec "Errors: Rules" 2): "A 4xx means the request was understood and refused;
 * retrying gives the same refusal and spends access budget." A refusal is remembered by the request
 * as the retry rules compare it (seen.ts `requestKey`) and forgotten once the same request is
 * answered otherwise, or once the client itself changed that resource with a successful request.
 * Judged in arrival order: a refusal counts only for a request that arrived after it left. A 404 of
 * the revocation-callback read is the normal state (none registered), not a refusal: reading it
 * again is ADVICE-CALLBACK-READ.
 */
import { isoDate } from '../../../contract/dates.js';
import { answeredBefore, isInitiation, requestKey, type Seen } from '../seen.js';
import type { SubjectKey } from '../subjects.js';
import { BoundedMap } from '../bounded.js';
import { check, line, outcome, PROVIDER_MEMORY } from './check.js';

/** Refusals judged by their own rules: a 429 (CLIENT-RETRY-AFTER) and the consent codes (CLIENT-CONSENT-ENDED). */
const OWN_RULE = new Set(['ACCESS_EXCEEDED', 'CONSENT_INVALID', 'CONSENT_EXPIRED', 'CONSENT_UNKNOWN']);

interface Refusal {
  seen: Seen;
  tick: number;
}

/** What decides the answer besides the request itself: the records it names and the provider. */
function subjectsOf(seen: Seen): SubjectKey[] {
  const keys: SubjectKey[] = [`provider:${seen.provider}`];
  if (seen.consentId) keys.push(`consent:${seen.consentId}`);
  if (seen.paymentId) keys.push(`payment:${seen.paymentId}`);
  if (seen.authorisationId) keys.push(`authorisation:${seen.authorisationId}`);
  const debtor = (seen.body as { debtorAccount?: { iban?: unknown } } | undefined)?.debtorAccount?.iban;
  if (isInitiation(seen) && typeof debtor === 'string') keys.push(`iban:${debtor}`);
  return keys;
}

const refused = (seen: Seen) =>
  seen.status !== null &&
  seen.status >= 400 &&
  seen.status < 500 &&
  seen.status !== 429 &&
  !OWN_RULE.has(seen.code ?? '') &&
  seen.event.fault === undefined;

/** "404 means no callback is registered (normal state)" (Behaviour notes: Revocation callback 2). */
const normalState = (seen: Seen) => seen.operationId === 'getRevocationCallback' && seen.status === 404;

export const retry4xx = check({
  rule: 'CLIENT-RETRY-4XX',
  advice: 'ADVICE-CALLBACK-READ',
  memory: () => new BoundedMap<string, Refusal>(PROVIDER_MEMORY),
  judge(memory, seen, { subjects, tick }) {
    // Nothing refused to remember or to forget: the common case, spared the request's key.
    if (memory.size === 0 && !refused(seen)) return undefined;
    const key = requestKey(seen);
    const before = memory.get(key);
    const unchanged =
      before !== undefined &&
      answeredBefore(before.seen, seen) &&
      isoDate(before.seen.atMs) === isoDate(seen.atMs) &&
      !subjects.changedSince(subjectsOf(seen), before.tick, before.seen.atMs, seen.atMs);
    // The memory keeps the answer that left last, the newest the client can know: events come in that order.
    if (refused(seen)) memory.set(key, { seen, tick });
    else memory.delete(key);
    // The client's own successful change of a resource (PUT or DELETE of its callback, say) is a change for what it refused there.
    if (seen.method !== 'GET' && seen.status !== null && seen.status < 300)
      for (const [other, refusal] of [...memory.entries()])
        if (refusal.seen.event.request.path === seen.event.request.path) memory.delete(other);
    if (!unchanged) return undefined;
    if (normalState(before.seen))
      return {
        rule: 'ADVICE-CALLBACK-READ',
        detail: `${line(seen)} read the revocation callback again after ${outcome(before.seen)} said none is registered, with nothing registered since.`,
        earlier: [before.seen],
      };
    return {
      rule: 'CLIENT-RETRY-4XX',
      detail: `${line(seen)} was sent again unchanged after it was refused with ${outcome(before.seen)}, with nothing that decides the answer changed in between.`,
      earlier: [before.seen],
      ...(seen.consentId ? { consentId: seen.consentId } : {}),
      ...(seen.paymentId ? { paymentId: seen.paymentId } : {}),
    };
  },
});
