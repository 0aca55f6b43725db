/** The customer (portal) or the service revokes a consent: revokedByPsu, then a revocation callback. */
import { XsError } from '../../../contract/index.js';
import type { UnitOfWork } from '../../bank/unit-of-work.js';
import type { SandboxContext } from '../../context.js';
import { effectiveStatus, withStatus } from '../../rules/consents.js';
import { notifyRevocation } from '../callbacks/events.js';
import { saveConsent } from './save.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type ConsentRevocationContext = Pick<
  SandboxContext,
  'store' | 'clock' | 'events' | 'callbackCa' | 'deliveriesInFlight' | 'faults' | 'behaviour' | 'log' | 'bank'
>;

/**
 * The customer revokes in the portal, or the service revokes on support or compliance grounds:
 * valid → revokedByPsu at once, the same for both causes (spec consent table), then a callback if
 * the provider registered one. The consent stops working whatever happens to the delivery.
 */
export function revokeConsent(
  ctx: ConsentRevocationContext,
  consentId: string,
): Promise<{ consentId: string; consentStatus: 'revokedByPsu' }> {
  return ctx.bank.transact((uow) => revoke(ctx, uow, consentId));
}

function revoke(
  ctx: ConsentRevocationContext,
  uow: UnitOfWork,
  consentId: string,
): { consentId: string; consentStatus: 'revokedByPsu' } {
  const consent = ctx.store.get('consents', consentId);
  if (!consent) throw new XsError('RESOURCE_UNKNOWN', { text: 'No such consent.' });
  const now = ctx.clock.now();
  const status = effectiveStatus(consent, now);
  if (status !== 'valid')
    throw new XsError('FORMAT_ERROR', { text: `Only a valid consent can be revoked; this one is ${status}.` });
  const revoked = saveConsent(ctx, uow, withStatus(consent, 'revokedByPsu', now));
  notifyRevocation(ctx, uow, revoked, now);
  return { consentId, consentStatus: 'revokedByPsu' };
}

/** The portal's revoke: only the customer who approved a consent can revoke it. */
export function revokeByCustomer(ctx: ConsentRevocationContext, psuId: string, consentId: string) {
  return ctx.bank.transact((uow) => {
    if (ctx.store.get('consents', consentId)?.psuId !== psuId)
      throw new XsError('RESOURCE_UNKNOWN', { text: 'No such consent.' });
    return revoke(ctx, uow, consentId);
  });
}
