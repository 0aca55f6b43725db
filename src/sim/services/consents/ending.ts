/**
 * How a consent ends before its time: the holding provider deletes it (terminatedByTpp), or the
 * customer or the service revokes it (revokedByPsu, with a revocation callback).
 */
import { XsError } from '../../../contract/index.js';
import type { UnitOfWork } from '../../bank/unit-of-work.js';
import type { SandboxContext } from '../../context.js';
import { effectiveStatus, withStatus } from '../../rules/consents.js';
import { finished, isOpen } from '../../rules/sca.js';
import type { ConsentRecord } from '../../store/data.js';
import { notifyRevocation } from '../callbacks.js';
import { saveAuthorisation } from '../sca/save.js';
import { ownConsent } from './lookup.js';
import { saveConsent } from './save.js';

/**
 * DELETE by the holder: a valid consent becomes terminatedByTpp at once, without notification.
 * The spec does not show other states: a received consent is terminated too (the provider gives
 * up before the customer finished, and its authorisation fails); a consent already ended stays as
 * it is, and the call still answers 204 (the provider's intent holds). That is the default of the
 * bank profile's `consent.deleteNotValid` (received-too); valid-only refuses all but valid.
 */
export function deleteConsent(
  ctx: SandboxContext,
  tpp: string,
  consentId: string,
  kind: ConsentRecord['kind'] = 'ais',
): Promise<void> {
  return ctx.bank.transact((uow) => {
    const consent = ownConsent(ctx, tpp, consentId, kind);
    const now = ctx.clock.now();
    const status = effectiveStatus(consent, now);
    // A bank that accepts DELETE only on a valid consent (profile `consent.deleteNotValid`) changes nothing else.
    if (status !== 'valid' && ctx.behaviour.deleteNotValid === 'valid-only')
      throw new XsError('CONSENT_INVALID', { text: `Only a valid consent can be deleted; this one is ${status}.` });
    if (status !== 'valid' && status !== 'received') return;
    const authorisation = uow.data.authorisations[consent.authorisationId];
    if (status === 'received' && authorisation && isOpen(authorisation, now))
      saveAuthorisation(ctx, uow, finished(authorisation, 'failed', now));
    saveConsent(ctx, uow, withStatus(consent, 'terminatedByTpp', now));
  });
}

/**
 * The customer revokes in the portal, or the service revokes on support or compliance grounds:
 * valid → revokedByPsu at once, the same for both causes (spec consent table), then a callback if
 * the provider registered one. The consent stops working whatever happens to the delivery.
 */
export function revokeConsent(
  ctx: SandboxContext,
  consentId: string,
): Promise<{ consentId: string; consentStatus: 'revokedByPsu' }> {
  return ctx.bank.transact((uow) => revoke(ctx, uow, consentId));
}

function revoke(
  ctx: SandboxContext,
  uow: UnitOfWork,
  consentId: string,
): { consentId: string; consentStatus: 'revokedByPsu' } {
  const consent = uow.data.consents[consentId];
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
export function revokeByCustomer(ctx: SandboxContext, psuId: string, consentId: string) {
  return ctx.bank.transact((uow) => {
    if (uow.data.consents[consentId]?.psuId !== psuId)
      throw new XsError('RESOURCE_UNKNOWN', { text: 'No such consent.' });
    return revoke(ctx, uow, consentId);
  });
}
