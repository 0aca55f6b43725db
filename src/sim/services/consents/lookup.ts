/**
 * Finding the caller's own consent of the kind the endpoint serves. Unknown, another provider's, or
 * the other kind all answer one fixed refusal: the bodies must be byte-identical (spec "Behaviour
 * notes: Consents" 2-3).
 */
import { XsError } from '../../../contract/index.js';
import type { SandboxContext } from '../../context.js';
import type { ConsentRecord } from '../../store/data.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type ConsentLookupContext = Pick<SandboxContext, 'store'>;

const unknownConsent = () => new XsError('CONSENT_UNKNOWN', { text: 'The consent is unknown.' });

export function ownConsent(
  ctx: ConsentLookupContext,
  tpp: string,
  consentId: string | undefined,
  kind: ConsentRecord['kind'] = 'ais',
): ConsentRecord {
  const consent = consentId === undefined ? undefined : ctx.store.get('consents', consentId);
  if (!consent || consent.tpp !== tpp || consent.kind !== kind) throw unknownConsent();
  return consent;
}
