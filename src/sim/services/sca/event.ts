/** The `authorisation-changed` snapshot: its effective scaStatus and, while it is open, when it fails by itself. */
import type { AuthorisationEvent } from '../../change-events.js';
import type { SandboxContext } from '../../context.js';
import { coveredIbans } from '../../rules/consents.js';
import { effectiveScaStatus, isOpen } from '../../rules/sca.js';
import type { AuthorisationRecord } from '../../store/data.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type ScaEventContext = Pick<SandboxContext, 'store' | 'clock'>;

/** The accounts an authorisation is about: who holds them is the customer who can approve. */
function subjectIbans(ctx: Pick<ScaEventContext, 'store'>, authorisation: AuthorisationRecord): string[] {
  if (authorisation.parent.kind === 'payment') {
    const payment = ctx.store.get('payments', authorisation.parent.id);
    return payment ? [payment.debtorIban] : [];
  }
  const consent = ctx.store.get('consents', authorisation.parent.id);
  if (!consent) return [];
  return consent.cof ? [consent.cof.iban] : [...coveredIbans(consent.requested)];
}

export function authorisationEvent(ctx: ScaEventContext, authorisation: AuthorisationRecord): AuthorisationEvent {
  const now = ctx.clock.now();
  return {
    authorisationId: authorisation.authorisationId,
    parent: authorisation.parent,
    tpp: authorisation.tpp,
    scaStatus: effectiveScaStatus(authorisation, now),
    due: isOpen(authorisation, now) ? { status: 'failed', at: authorisation.expiresAt } : null,
    psuId: authorisation.psuId ?? null,
    ibans: subjectIbans(ctx, authorisation),
    createdAt: authorisation.createdAt,
  };
}
