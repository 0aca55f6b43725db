/**
 * The customer's side of SCA: log in, receive a one-time code "by SMS", enter it, approve or
 * decline (spec "Authentication" 9, "Authorisation hand-over"). The SCA page and the control API
 * call the same steps (login.ts, decision.ts, customer-acts.ts), so a scripted approval behaves
 * exactly like a browser one. Here: what the steps share.
 */
import { withState, XsError, type ScaStatus } from '../../../contract/index.js';
import type { SandboxContext } from '../../context.js';
import { effectiveScaStatus, isOpen } from '../../rules/sca.js';
import type { AuthorisationRecord, ConsentRecord } from '../../store/data.js';
import { paymentReview } from '../payments/review.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type ScaCeremonyContext = Pick<SandboxContext, 'store' | 'clock'>;

export type Decision = 'approve' | 'decline';

export interface ScaOutcome {
  scaStatus: ScaStatus;
  /** Where the customer's browser goes next: the provider's redirect URI with `state`, or null while unfinished. */
  redirect: string | null;
}

export function parentConsent(
  ctx: Pick<ScaCeremonyContext, 'store'>,
  authorisation: AuthorisationRecord,
): ConsentRecord {
  const consent = ctx.store.get('consents', authorisation.parent.id);
  if (!consent) throw new XsError('INTERNAL_SERVER_ERROR');
  return consent;
}

export function outcomeOf(ctx: Pick<ScaCeremonyContext, 'clock'>, authorisation: AuthorisationRecord): ScaOutcome {
  return { scaStatus: effectiveScaStatus(authorisation, ctx.clock.now()), redirect: null };
}

/** Only an open authorisation can be acted on: expired, finished or replayed attempts change nothing. */
export function requireOpen(ctx: Pick<ScaCeremonyContext, 'clock'>, authorisation: AuthorisationRecord): void {
  if (!isOpen(authorisation, ctx.clock.now())) {
    throw new XsError('FORMAT_ERROR', {
      text: `The authorisation is ${effectiveScaStatus(authorisation, ctx.clock.now())}; nothing more can be done with it.`,
    });
  }
}

/** Where the customer returns: the provider's redirect URI on approval, its NOK URI (or the redirect URI) otherwise. */
export function returnAddresses(
  ctx: ScaCeremonyContext,
  authorisation: AuthorisationRecord,
): { approved: string; declined: string } {
  const parent =
    authorisation.parent.kind === 'payment'
      ? paymentReview(ctx, authorisation.parent.id)
      : parentConsent(ctx, authorisation);
  return {
    approved: withState(parent.redirectUri, authorisation.state),
    declined: withState(parent.nokRedirectUri ?? parent.redirectUri, authorisation.state),
  };
}
