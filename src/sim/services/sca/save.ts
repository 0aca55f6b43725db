/**
 * The one writer of SCA authorisations (of a consent or a payment): stores one and sends
 * `authorisation-changed` once the unit of work is written, with its effective scaStatus and, while
 * it is open, when it fails by itself (spec "Limits": 15 minutes). Nothing is built while nobody listens.
 */
import { XsError } from '../../../contract/index.js';
import type { UnitOfWork } from '../../bank/unit-of-work.js';
import type { SandboxContext } from '../../context.js';
import type { AuthorisationEvent } from '../../events.js';
import { coveredIbans } from '../../rules/consents.js';
import { effectiveScaStatus, isOpen } from '../../rules/sca.js';
import type { AuthorisationRecord } from '../../store/data.js';

export function findAuthorisation(ctx: SandboxContext, authorisationId: string): AuthorisationRecord {
  const authorisation = ctx.store.data.authorisations[authorisationId];
  if (!authorisation) throw new XsError('RESOURCE_UNKNOWN', { text: 'No such authorisation.' });
  return authorisation;
}

/** The accounts an authorisation is about: who holds them is the customer who can approve. */
function subjectIbans(ctx: SandboxContext, authorisation: AuthorisationRecord): string[] {
  if (authorisation.parent.kind === 'payment') {
    const payment = ctx.store.data.payments[authorisation.parent.id];
    return payment ? [payment.debtorIban] : [];
  }
  const consent = ctx.store.data.consents[authorisation.parent.id];
  if (!consent) return [];
  return consent.cof ? [consent.cof.iban] : [...coveredIbans(consent.requested)];
}

function authorisationEvent(ctx: SandboxContext, authorisation: AuthorisationRecord): AuthorisationEvent {
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

export function saveAuthorisation(
  ctx: SandboxContext,
  uow: UnitOfWork,
  authorisation: AuthorisationRecord,
): AuthorisationRecord {
  uow.put('authorisations', authorisation.authorisationId, authorisation);
  uow.afterCommit(() => {
    if (ctx.events.has('authorisation-changed'))
      ctx.events.emit('authorisation-changed', authorisationEvent(ctx, authorisation));
  });
  return authorisation;
}
