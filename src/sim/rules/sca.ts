/**
 * SCA authorisations as plain data plus `now` (spec "Authorisation (ScaStatus)", "Authorisation
 * hand-over"). Transitions are not shown by the spec; the sandbox uses: received (created) →
 * started (customer logged in, code sent) → psuAuthenticated (code right) → finalised (approved),
 * or failed (declined, three wrong codes, expired after 15 minutes).
 */
import type { ScaStatus } from '../../contract/index.js';
import type { AuthorisationRecord } from '../store/data.js';

/** Spec "Limits": 15 minutes, not renewable. */
export const AUTHORISATION_LIFETIME_MS = 15 * 60_000;
export const MAX_OTP_FAILURES = 3;

export function newAuthorisation(input: {
  authorisationId: string;
  parent: AuthorisationRecord['parent'];
  tpp: string;
  state: string;
  now: Date;
}): AuthorisationRecord {
  return {
    authorisationId: input.authorisationId,
    parent: input.parent,
    tpp: input.tpp,
    scaStatus: 'received',
    state: input.state,
    createdAt: input.now.toISOString(),
    expiresAt: new Date(input.now.getTime() + AUTHORISATION_LIFETIME_MS).toISOString(),
    otpFailures: 0,
  };
}

export function isExpired(authorisation: AuthorisationRecord, now: Date): boolean {
  return now.getTime() >= Date.parse(authorisation.expiresAt);
}

/** An unfinished authorisation past its 15 minutes reads `failed` (the spec leaves the value open). */
export function effectiveScaStatus(authorisation: AuthorisationRecord, now: Date): ScaStatus {
  const open = authorisation.scaStatus !== 'finalised' && authorisation.scaStatus !== 'failed';
  return open && isExpired(authorisation, now) ? 'failed' : authorisation.scaStatus;
}

/**
 * The scaStatus the XS2A API answers. Past its 15 minutes an unfinished authorisation is over
 * either way (isOpen is false, the payment or consent outcome is the same); what it reads is the
 * bank profile's `sca.statusAfterExpiry`: `failed`, or `unchanged`, the status it had when time ran out.
 */
export function servedScaStatus(
  authorisation: AuthorisationRecord,
  now: Date,
  afterExpiry: 'failed' | 'unchanged',
): ScaStatus {
  return afterExpiry === 'unchanged' ? authorisation.scaStatus : effectiveScaStatus(authorisation, now);
}

export function isOpen(authorisation: AuthorisationRecord, now: Date): boolean {
  const status = effectiveScaStatus(authorisation, now);
  return status !== 'finalised' && status !== 'failed';
}

export function started(authorisation: AuthorisationRecord, psuId: string): AuthorisationRecord {
  return { ...authorisation, scaStatus: 'started', psuId };
}

export function authenticated(authorisation: AuthorisationRecord): AuthorisationRecord {
  return { ...authorisation, scaStatus: 'psuAuthenticated' };
}

export function otpRejected(authorisation: AuthorisationRecord, now: Date): AuthorisationRecord {
  const otpFailures = authorisation.otpFailures + 1;
  return otpFailures >= MAX_OTP_FAILURES
    ? { ...authorisation, otpFailures, scaStatus: 'failed', finishedAt: now.toISOString() }
    : { ...authorisation, otpFailures };
}

export function finished(
  authorisation: AuthorisationRecord,
  outcome: 'finalised' | 'failed',
  now: Date,
): AuthorisationRecord {
  return { ...authorisation, scaStatus: outcome, finishedAt: now.toISOString() };
}
