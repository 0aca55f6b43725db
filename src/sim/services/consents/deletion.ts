/** The holding provider deletes its consent (spec "Endpoint list": DELETE, terminatedByTpp). */
import { XsError } from '../../../contract/index.js';
import type { SandboxContext } from '../../context.js';
import { effectiveStatus, withStatus } from '../../rules/consents.js';
import { finished, isOpen } from '../../rules/sca.js';
import type { ConsentRecord } from '../../store/data.js';
import { saveAuthorisation } from '../sca/save.js';
import { ownConsent } from './lookup.js';
import { saveConsent } from './save.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type ConsentDeletionContext = Pick<SandboxContext, 'store' | 'clock' | 'events' | 'behaviour' | 'bank'>;

/**
 * DELETE by the holder: a valid consent becomes terminatedByTpp at once, without notification.
 * The spec does not show other states: a received consent is terminated too (the provider gives
 * up before the customer finished, and its authorisation fails); a consent already ended stays as
 * it is, and the call still answers 204 (the provider's intent holds). That is the default of the
 * bank profile's `consent.deleteNotValid` (received-too); valid-only refuses all but valid.
 */
export function deleteConsent(
  ctx: ConsentDeletionContext,
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
    const authorisation = ctx.store.get('authorisations', consent.authorisationId);
    if (status === 'received' && authorisation && isOpen(authorisation, now))
      saveAuthorisation(ctx, uow, finished(authorisation, 'failed', now));
    saveConsent(ctx, uow, withStatus(consent, 'terminatedByTpp', now));
  });
}
