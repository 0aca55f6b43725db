/**
 * The one writer of SCA authorisations (of a consent or a payment): stores one and sends
 * `authorisation-changed` once the unit of work is written, with its effective scaStatus and, while
 * it is open, when it fails by itself (spec "Limits": 15 minutes). Nothing is built while nobody listens.
 */
import { XsError } from '../../../contract/index.js';
import type { UnitOfWork } from '../../bank/unit-of-work.js';
import type { SandboxContext } from '../../context.js';
import type { AuthorisationRecord } from '../../store/data.js';
import { authorisationEvent } from './event.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type ScaSaveContext = Pick<SandboxContext, 'store' | 'clock' | 'events'>;

export function findAuthorisation(ctx: Pick<ScaSaveContext, 'store'>, authorisationId: string): AuthorisationRecord {
  const authorisation = ctx.store.get('authorisations', authorisationId);
  if (!authorisation) throw new XsError('RESOURCE_UNKNOWN', { text: 'No such authorisation.' });
  return authorisation;
}

export function saveAuthorisation(
  ctx: ScaSaveContext,
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
