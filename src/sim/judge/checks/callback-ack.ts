/**
 * CLIENT-CALLBACK-ACK (spec "Events" 3-8: a 2xx stops the retries; dedupe on eventId; ordering is
 * not guaranteed). Judged on what the receiver answered a correctly signed revocation event: the
 * sandbox's own deliveries (once per event, whatever the attempts) and forged events signed as the
 * sandbox signs. A forged event with a wrong signature or a stale `t` is the receiver's to drop, in
 * whatever way it answers: the interface does not say which status a dropped message gets.
 */
import type { CallbackEvidence } from '../evidence.js';

export interface CallbackAnswer extends CallbackEvidence {
  provider: string;
  /** Whether the event was signed as the sandbox signs, with the registration's secret and a fresh `t`. */
  correctlySigned: boolean;
  /** What makes two answers one judgement: a delivery's eventId, a forged send's place in its forge call. */
  key: string;
}

export const acknowledged = (status: number | null) => status !== null && status >= 200 && status < 300;

export function callbackViolation(answer: CallbackAnswer): string | undefined {
  if (!answer.correctlySigned || acknowledged(answer.status)) return undefined;
  const what =
    answer.sent === 'delivery'
      ? `revocation event ${answer.eventId}`
      : `forged (${answer.sent}) event ${answer.eventId}`;
  const how =
    answer.status === null ? `could not be reached (${answer.error ?? 'no answer'})` : `answered ${answer.status}`;
  return `The callback receiver ${how} to the correctly signed ${what} of consent ${answer.consentId}.`;
}
