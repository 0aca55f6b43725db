/**
 * `sandbox.psu(psuId)`: a test customer's actions, through the same services as the SCA pages, the
 * portal and the control API, so a test sees exactly what a browser would have caused.
 */
import { XsError } from '../../contract/index.js';
import type { SandboxContext } from '../context.js';
import { effectiveScaStatus } from '../rules/sca.js';
import { revokeByCustomer } from '../services/consents/revocation.js';
import { confirmPayee } from '../services/payments/customer.js';
import { pendingPayeeChecksOf } from '../services/payments/portal-lists.js';
import { actAsCustomer } from '../services/sca/customer-acts.js';
import { findAuthorisation } from '../services/sca/save.js';
import { refusing, SandboxError } from './errors.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type PsuLibraryContext = Pick<
  SandboxContext,
  'store' | 'clock' | 'events' | 'world' | 'callbackCa' | 'deliveriesInFlight' | 'faults' | 'behaviour' | 'log' | 'bank'
>;

/** What a customer's decision left: the authorisation's scaStatus and where the browser would go next. */
export interface CustomerOutcome {
  scaStatus: string;
  redirect: string | null;
}

/** A test customer's hand: what the SCA page and the portal let that customer do. */
export interface SandboxPsu {
  readonly psuId: string;
  /** Logs in, enters the one-time code and approves, as the SCA page does; an ended authorisation is refused (`path` authorisationId). */
  approve(authorisationId: string): Promise<CustomerOutcome>;
  decline(authorisationId: string): Promise<CustomerOutcome>;
  /** Revokes a consent this customer approved, as the portal does (revokedByPsu; callbacks follow). */
  revoke(consentId: string): Promise<{ consentId: string; consentStatus: 'revokedByPsu' }>;
  /** Answers the payee check of a payment this customer authorised (PDNG → ACSP). */
  confirmPayee(paymentId: string): Promise<{ transactionStatus: string }>;
  /** Refuses the payee (PDNG → RJCT, the reservation released). */
  refusePayee(paymentId: string): Promise<{ transactionStatus: string }>;
}

export function psuFactory(ctx: PsuLibraryContext): (psuId: string) => SandboxPsu {
  return (psuId) => {
    if (typeof psuId !== 'string' || !ctx.world.seed.customer(psuId)) {
      throw new SandboxError(
        'FORMAT_ERROR',
        `psu(): psuId: no test customer "${String(psuId)}" (sandbox.customers() lists them).`,
        'psuId',
      );
    }
    const payee = (paymentId: string, confirm: boolean) =>
      refusing(async () => {
        // The portal's rule: only the customer who authorised a payment answers its payee check.
        if (!pendingPayeeChecksOf(ctx, psuId).some((row) => row.paymentId === paymentId)) {
          throw new XsError('RESOURCE_UNKNOWN', { text: `No payee check of ${psuId} waits for payment ${paymentId}.` });
        }
        return confirmPayee(ctx, paymentId, confirm);
      });
    // The SCA page's rule: an authorisation that has ended takes no decision any more.
    const act = (authorisationId: string, decision: 'approve' | 'decline') =>
      refusing(async () => {
        const status = effectiveScaStatus(findAuthorisation(ctx, authorisationId), ctx.clock.now());
        if (status === 'finalised' || status === 'failed') {
          throw new XsError('FORMAT_ERROR', {
            path: 'authorisationId',
            text: `The authorisation has ended (${status}); there is nothing to ${decision}.`,
          });
        }
        return actAsCustomer(ctx, authorisationId, { psuId, decision });
      });
    return {
      psuId,
      approve: (authorisationId) => act(authorisationId, 'approve'),
      decline: (authorisationId) => act(authorisationId, 'decline'),
      revoke: (consentId) => refusing(() => revokeByCustomer(ctx, psuId, consentId)),
      confirmPayee: (paymentId) => payee(paymentId, true),
      refusePayee: (paymentId) => payee(paymentId, false),
    };
  };
}
