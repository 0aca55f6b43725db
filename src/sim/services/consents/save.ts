/**
 * The one writer of consent records (account-information and confirmation-of-funds): stores one and
 * sends `consent-changed` and `consent-status` (event.ts) once the unit of work is written. Nothing is built while
 * nobody listens (a balances read changes its consent on every request).
 */
import type { UnitOfWork } from '../../bank/unit-of-work.js';
import type { SandboxContext } from '../../context.js';
import type { ConsentRecord } from '../../store/data.js';
import { consentEvent, consentStatusEvent } from './event.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type ConsentSaveContext = Pick<SandboxContext, 'store' | 'clock' | 'events'>;

/**
 * `statusMoved: false` tells that the change cannot move what `consent-status` says (the status
 * and when time alone ends it): a recurring consent's use, on every read of account data.
 */
export function saveConsent(
  ctx: ConsentSaveContext,
  uow: UnitOfWork,
  consent: ConsentRecord,
  { statusMoved = true }: { statusMoved?: boolean } = {},
): ConsentRecord {
  uow.put('consents', consent.consentId, consent);
  uow.afterCommit(() => {
    if (ctx.events.has('consent-changed')) ctx.events.emit('consent-changed', consentEvent(ctx, consent));
    if (statusMoved && ctx.events.has('consent-status'))
      ctx.events.emit('consent-status', consentStatusEvent(consent, ctx.clock.now()));
  });
  return consent;
}
