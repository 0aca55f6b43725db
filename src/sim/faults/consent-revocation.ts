/**
 * The revoke-consent fault (`client-check`): a consent revoked by its customer between two reads,
 * with its revocation callback (spec "States: Consent": valid → revokedByPsu, "the consent stops
 * working at once"; "Events" 1). Runs once the read that used the consent was answered, so that read
 * succeeds and the next one meets the revocation, as when the customer acts in between.
 */
import { HEADERS } from '../../contract/headers.js';
import type { Exchange } from '../api/exchange.js';
import type { SandboxContext } from '../context.js';
import { revokeConsent } from '../services/consents/revocation.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type RevocationFaultContext = Pick<
  SandboxContext,
  'store' | 'clock' | 'events' | 'callbackCa' | 'deliveriesInFlight' | 'faults' | 'behaviour' | 'log' | 'bank'
>;

export async function revokeUsedConsent(ctx: RevocationFaultContext, x: Exchange): Promise<void> {
  const consentId = x.req.headers[HEADERS.consentId.toLowerCase()];
  // Only a read that was answered with the consent's data: a refused one used no valid consent.
  if (typeof consentId !== 'string' || !x.written || x.written.status >= 300) return;
  await revokeConsent(ctx, consentId);
}
