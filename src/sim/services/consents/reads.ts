/** What the holding provider reads of its consents (spec "Endpoint list"): the consent, its status, its authorisations. */
import { XsError } from '../../../contract/index.js';
import type { SandboxContext } from '../../context.js';
import { effectiveStatus } from '../../rules/consents.js';
import { servedScaStatus } from '../../rules/sca.js';
import type { AuthorisationRecord, ConsentRecord } from '../../store/data.js';
import { ownConsent } from './lookup.js';
import { consentView } from './view.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type ConsentReadsContext = Pick<SandboxContext, 'store' | 'clock' | 'behaviour'>;

export function readConsent(
  ctx: Pick<ConsentReadsContext, 'store' | 'clock'>,
  tpp: string,
  consentId: string,
  kind: ConsentRecord['kind'] = 'ais',
) {
  return consentView(ownConsent(ctx, tpp, consentId, kind), ctx.clock.now());
}

export function consentStatus(
  ctx: Pick<ConsentReadsContext, 'store' | 'clock'>,
  tpp: string,
  consentId: string,
  kind: ConsentRecord['kind'] = 'ais',
) {
  return { consentStatus: effectiveStatus(ownConsent(ctx, tpp, consentId, kind), ctx.clock.now()) };
}

export function consentAuthorisations(
  ctx: Pick<ConsentReadsContext, 'store'>,
  tpp: string,
  consentId: string,
  kind: ConsentRecord['kind'] = 'ais',
) {
  const consent = ownConsent(ctx, tpp, consentId, kind);
  return { authorisationIds: [consent.authorisationId] };
}

export function consentAuthorisation(
  ctx: ConsentReadsContext,
  tpp: string,
  consentId: string,
  authorisationId: string,
  kind: ConsentRecord['kind'] = 'ais',
) {
  const consent = ownConsent(ctx, tpp, consentId, kind);
  const authorisation: AuthorisationRecord | undefined = ctx.store.get('authorisations', authorisationId);
  if (consent.authorisationId !== authorisationId || !authorisation) {
    throw new XsError('RESOURCE_UNKNOWN', { text: 'The consent has no such authorisation.' });
  }
  return { scaStatus: servedScaStatus(authorisation, ctx.clock.now(), ctx.behaviour.scaStatusAfterExpiry) };
}
