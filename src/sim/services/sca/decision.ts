/**
 * The last step of a ceremony: the authenticated customer approves or declines. A consent is
 * granted (superseding older ones) or rejected; a payment is authorised or rejected.
 */
import { withState, XsError } from '../../../contract/index.js';
import type { UnitOfWork } from '../../bank/unit-of-work.js';
import type { SandboxContext } from '../../context.js';
import { approve, supersededBy, supersessionGroup, withStatus } from '../../rules/consents.js';
import { finished } from '../../rules/sca.js';
import type { AuthorisationRecord, ConsentRecord } from '../../store/data.js';
import { saveConsent } from '../consents/save.js';
import { authorisePayment, rejectPayment } from '../payments/customer.js';
import { paymentReview } from '../payments/review.js';
import { parentConsent, requireOpen, returnAddresses, type Decision, type ScaOutcome } from './ceremony.js';
import { findAuthorisation, saveAuthorisation } from './save.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type ScaDecisionContext = Pick<SandboxContext, 'store' | 'clock' | 'events' | 'world' | 'bank'>;

function approveConsent(
  ctx: Pick<ScaDecisionContext, 'store' | 'clock' | 'events' | 'world'>,
  uow: UnitOfWork,
  consent: ConsentRecord,
  psuId: string,
  now: Date,
): void {
  const held = new Set(ctx.world.seed.customer(psuId)?.accounts.map((account) => account.iban) ?? []);
  const approved = approve(consent, psuId, held, now);
  // Supersession is decided over the granted accounts: the same provider's older recurring
  // consents for the same accounts end now (spec consent table). The store hands over the
  // approved consent's group (rules/consents.ts supersessionGroup), indexed.
  const group = supersessionGroup(approved);
  const candidates = group === undefined ? [] : ctx.store.find('consents', 'liveRecurring', group);
  const superseded = supersededBy(approved, candidates, now);
  for (const older of superseded) saveConsent(ctx, uow, withStatus(older, 'terminatedByTpp', now));
  saveConsent(ctx, uow, approved);
}

/**
 * A payment's decision. Dynamic linking (spec "Behaviour notes: Payments" 1): the ceremony is bound
 * to what the customer was shown; if the persisted payment changed since, the authorisation fails
 * and the payment is rejected.
 */
function decidePayment(
  ctx: Pick<ScaDecisionContext, 'store' | 'clock' | 'events' | 'world'>,
  uow: UnitOfWork,
  authorisation: AuthorisationRecord,
  psuId: string,
  decision: Decision,
  now: Date,
): ScaOutcome {
  const review = paymentReview(ctx, authorisation.parent.id);
  const back = returnAddresses(ctx, authorisation);
  const intact = review.transactionStatus === 'RCVD' && authorisation.binding === review.binding;
  if (decision === 'approve' && intact) {
    authorisePayment(ctx, uow, review.paymentId, psuId, now);
    saveAuthorisation(ctx, uow, finished(authorisation, 'finalised', now));
  } else {
    rejectPayment(ctx, uow, review.paymentId, now);
    saveAuthorisation(ctx, uow, finished(authorisation, 'failed', now));
  }
  const approved = decision === 'approve' && intact;
  return { scaStatus: approved ? 'finalised' : 'failed', redirect: approved ? back.approved : back.declined };
}

/** Approve or decline after authentication; answers where the customer's browser goes. */
export function decide(ctx: ScaDecisionContext, authorisationId: string, decision: Decision): Promise<ScaOutcome> {
  return ctx.bank.transact((uow) => decideNow(ctx, uow, authorisationId, decision));
}

function decideNow(
  ctx: Pick<ScaDecisionContext, 'store' | 'clock' | 'events' | 'world'>,
  uow: UnitOfWork,
  authorisationId: string,
  decision: Decision,
): ScaOutcome {
  const authorisation = findAuthorisation(ctx, authorisationId);
  requireOpen(ctx, authorisation);
  if (authorisation.scaStatus !== 'psuAuthenticated' || !authorisation.psuId)
    throw new XsError('FORMAT_ERROR', { text: 'Authenticate before deciding.' });
  const now = ctx.clock.now();
  if (authorisation.parent.kind === 'payment')
    return decidePayment(ctx, uow, authorisation, authorisation.psuId, decision, now);
  const consent = parentConsent(ctx, authorisation);
  if (consent.status !== 'received') {
    // The provider deleted the consent meanwhile: the ceremony can no longer succeed.
    saveAuthorisation(ctx, uow, finished(authorisation, 'failed', now));
    return {
      scaStatus: 'failed',
      redirect: withState(consent.nokRedirectUri ?? consent.redirectUri, authorisation.state),
    };
  }
  if (decision === 'approve') {
    approveConsent(ctx, uow, consent, authorisation.psuId, now);
    saveAuthorisation(ctx, uow, finished(authorisation, 'finalised', now));
  } else {
    saveConsent(ctx, uow, withStatus(consent, 'rejected', now));
    saveAuthorisation(ctx, uow, finished(authorisation, 'failed', now));
  }
  // A declining customer returns to TPP-NOK-Redirect-URI when one was given (spec "Request
  // headers"); either way the return carries the state of the scaRedirect (spec "Authorisation hand-over" 2).
  const target = decision === 'approve' ? consent.redirectUri : (consent.nokRedirectUri ?? consent.redirectUri);
  return {
    scaStatus: decision === 'approve' ? 'finalised' : 'failed',
    redirect: withState(target, authorisation.state),
  };
}
