/**
 * Revocation callbacks as plain rules (spec "RevocationCallback", "Events" 6-7, 10).
 * The secret is derived, never stored: HMAC-SHA256 keyed with the store's callback key over
 * "revocation-callback|<organizationIdentifier>|<url>|<registrationId>", as 64 hex characters.
 * Same URL again keeps the registration (and so the secret); a new URL makes a new one.
 */
import { createHmac } from 'node:crypto';
import { callbackBackoffMs, type SettingValue } from '../../contract/profile.js';
import type { CallbackRegistration, DeliveryRecord } from '../store/data.js';

export const MAX_ATTEMPTS = 5;

export function deriveSecret(callbackKey: string, tpp: string, registration: CallbackRegistration): string {
  return createHmac('sha256', Buffer.from(callbackKey, 'hex'))
    .update(`revocation-callback|${tpp}|${registration.url}|${registration.registrationId}`)
    .digest('hex');
}

/**
 * The delivery after one more attempt: a 2xx ends it; otherwise retry after the profile's backoff
 * until the fifth attempt (the spec does not show the intervals; `callback.backoff`: by default
 * 30 s, 1, 2 and 4 minutes of sandbox time).
 */
export function afterAttempt(
  delivery: DeliveryRecord,
  attempt: { at: Date; status: number | null; error: string | null },
  backoff: SettingValue,
): DeliveryRecord {
  const attempts = [
    ...delivery.attempts,
    { at: attempt.at.toISOString(), status: attempt.status, error: attempt.error },
  ];
  const ok = attempt.status !== null && attempt.status >= 200 && attempt.status < 300;
  if (ok) return { ...delivery, attempts, outcome: 'delivered', nextAttemptAt: undefined };
  if (attempts.length >= MAX_ATTEMPTS) return { ...delivery, attempts, outcome: 'failed', nextAttemptAt: undefined };
  return {
    ...delivery,
    attempts,
    outcome: 'pending',
    nextAttemptAt: new Date(attempt.at.getTime() + callbackBackoffMs(backoff, attempts.length)).toISOString(),
  };
}
