/**
 * The customer's side of SCA: log in, receive a one-time code "by SMS", enter it, approve or
 * decline (spec "Authentication" 9, "Authorisation hand-over"). The SCA page and the control API
 * call these same functions, so a scripted approval behaves exactly like a browser one.
 */
import { randomInt, timingSafeEqual } from 'node:crypto';
import { withState, XsError, type ScaStatus } from '../../../contract/index.js';
import type { UnitOfWork } from '../../bank/unit-of-work.js';
import type { SandboxContext } from '../../context.js';
import { approve, supersededBy, withStatus } from '../../rules/consents.js';
import { authenticated, effectiveScaStatus, finished, isOpen, otpRejected, started } from '../../rules/sca.js';
import type { AuthorisationRecord, ConsentRecord } from '../../store/data.js';
import { saveConsent } from '../consents/save.js';
import { authorisePayment, paymentReview, rejectPayment } from '../payments/customer.js';
import { findAuthorisation, saveAuthorisation } from './save.js';

export type Decision = 'approve' | 'decline';

export interface ScaOutcome {
  scaStatus: ScaStatus;
  /** Where the customer's browser goes next: the provider's redirect URI with `state`, or null while unfinished. */
  redirect: string | null;
}

function parentConsent(ctx: SandboxContext, authorisation: AuthorisationRecord): ConsentRecord {
  const consent = ctx.store.data.consents[authorisation.parent.id];
  if (!consent) throw new XsError('INTERNAL_SERVER_ERROR');
  return consent;
}

function outcomeOf(ctx: SandboxContext, authorisation: AuthorisationRecord): ScaOutcome {
  return { scaStatus: effectiveScaStatus(authorisation, ctx.clock.now()), redirect: null };
}

/** Only an open authorisation can be acted on: expired, finished or replayed attempts change nothing. */
function requireOpen(ctx: SandboxContext, authorisation: AuthorisationRecord): void {
  if (!isOpen(authorisation, ctx.clock.now())) {
    throw new XsError('FORMAT_ERROR', {
      text: `The authorisation is ${effectiveScaStatus(authorisation, ctx.clock.now())}; nothing more can be done with it.`,
    });
  }
}

/** The account only whose holder may authorise: a payment's debtor account, a CoF consent's account. */
function subjectAccount(ctx: SandboxContext, authorisation: AuthorisationRecord): string | undefined {
  if (authorisation.parent.kind === 'payment') return paymentReview(ctx, authorisation.parent.id).debtorIban;
  return ctx.store.data.consents[authorisation.parent.id]?.cof?.iban;
}

/** Where the customer returns: the provider's redirect URI on approval, its NOK URI (or the redirect URI) otherwise. */
function returnAddresses(
  ctx: SandboxContext,
  authorisation: AuthorisationRecord,
): { approved: string; declined: string } {
  const parent =
    authorisation.parent.kind === 'payment'
      ? paymentReview(ctx, authorisation.parent.id)
      : parentConsent(ctx, authorisation);
  return {
    approved: withState(parent.redirectUri, authorisation.state),
    declined: withState(parent.nokRedirectUri ?? parent.redirectUri, authorisation.state),
  };
}

/** Login with User ID and password; on success a new one-time code is sent. */
export function logIn(
  ctx: SandboxContext,
  authorisationId: string,
  psuId: string,
  password: string,
): Promise<AuthorisationRecord> {
  return ctx.bank.transact((uow) => logInNow(ctx, uow, authorisationId, psuId, password));
}

function logInNow(
  ctx: SandboxContext,
  uow: UnitOfWork,
  authorisationId: string,
  psuId: string,
  password: string,
): AuthorisationRecord {
  const authorisation = findAuthorisation(ctx, authorisationId);
  requireOpen(ctx, authorisation);
  const customer = ctx.world.seed.customer(psuId);
  if (!customer || customer.password !== password)
    throw new XsError('FORMAT_ERROR', { path: 'psuId', text: 'Unknown User ID or wrong password.' });
  if (authorisation.psuId && authorisation.psuId !== psuId) {
    throw new XsError('FORMAT_ERROR', { path: 'psuId', text: 'Another customer is already authorising this request.' });
  }
  const account = subjectAccount(ctx, authorisation);
  if (account && !customer.accounts.some((held) => held.iban === account)) {
    throw new XsError('FORMAT_ERROR', { path: 'account', text: 'This request is about an account you do not hold.' });
  }
  const now = ctx.clock.now();
  uow.add(
    'sms',
    { psuId, code: String(randomInt(0, 1_000_000)).padStart(6, '0'), authorisationId, sentAt: now.toISOString() },
    'first',
  );
  return saveAuthorisation(ctx, uow, started(authorisation, psuId));
}

export function currentCode(ctx: SandboxContext, authorisationId: string): string | undefined {
  return ctx.store.data.sms.find((sms) => sms.authorisationId === authorisationId)?.code;
}

function sameCode(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The one-time code: right → psuAuthenticated; the third wrong one fails the authorisation. */
export function enterCode(ctx: SandboxContext, authorisationId: string, code: string): Promise<AuthorisationRecord> {
  return ctx.bank.transact((uow) => {
    const authorisation = findAuthorisation(ctx, authorisationId);
    requireOpen(ctx, authorisation);
    if (authorisation.scaStatus !== 'started')
      throw new XsError('FORMAT_ERROR', { text: 'Log in before entering the one-time code.' });
    const expected = currentCode(ctx, authorisationId);
    return saveAuthorisation(
      ctx,
      uow,
      expected && sameCode(code, expected) ? authenticated(authorisation) : otpRejected(authorisation, ctx.clock.now()),
    );
  });
}

function approveConsent(ctx: SandboxContext, uow: UnitOfWork, consent: ConsentRecord, psuId: string, now: Date): void {
  const held = new Set(ctx.world.seed.customer(psuId)?.accounts.map((account) => account.iban) ?? []);
  const approved = approve(consent, psuId, held, now);
  // Supersession is decided over the granted accounts: the same provider's older recurring
  // consents for the same accounts end now (spec consent table).
  const superseded = supersededBy(approved, Object.values(ctx.store.data.consents), now);
  for (const older of superseded) saveConsent(ctx, uow, withStatus(older, 'terminatedByTpp', now));
  saveConsent(ctx, uow, approved);
}

/**
 * A payment's decision. Dynamic linking (spec "Behaviour notes: Payments" 1): the ceremony is bound
 * to what the customer was shown; if the persisted payment changed since, the authorisation fails
 * and the payment is rejected.
 */
function decidePayment(
  ctx: SandboxContext,
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
export function decide(ctx: SandboxContext, authorisationId: string, decision: Decision): Promise<ScaOutcome> {
  return ctx.bank.transact((uow) => decideNow(ctx, uow, authorisationId, decision));
}

function decideNow(ctx: SandboxContext, uow: UnitOfWork, authorisationId: string, decision: Decision): ScaOutcome {
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

/**
 * `POST /sandbox/authorisations/{id}`: what a customer does on the SCA page, in one call. Fixture
 * customers with a scripted `outcome` follow their script whatever is asked: `declines` always
 * declines, `wrong-otp` enters three wrong codes, `abandons` logs in and never returns (the
 * authorisation then expires after 15 minutes).
 */
export async function actAsCustomer(
  ctx: SandboxContext,
  authorisationId: string,
  input: { psuId: string; decision: Decision; otp?: string | undefined },
): Promise<ScaOutcome> {
  const authorisation = findAuthorisation(ctx, authorisationId);
  if (!isOpen(authorisation, ctx.clock.now())) return outcomeOf(ctx, authorisation);
  const customer = ctx.world.seed.customer(input.psuId);
  if (!customer)
    throw new XsError('FORMAT_ERROR', {
      path: 'psuId',
      text: `No test customer ${input.psuId}; GET /sandbox/customers lists them.`,
    });
  if (authorisation.psuId && authorisation.psuId !== customer.psuId) {
    throw new XsError('FORMAT_ERROR', { path: 'psuId', text: 'Another customer is already authorising this request.' });
  }
  const script = customer.outcome;
  let current =
    authorisation.scaStatus === 'received'
      ? await logIn(ctx, authorisationId, customer.psuId, customer.password)
      : authorisation;
  if (script === 'abandons') return outcomeOf(ctx, current);
  if (current.scaStatus === 'started') {
    if (script === 'wrong-otp') {
      while (current.scaStatus === 'started') current = await enterCode(ctx, authorisationId, 'wrong!');
    } else {
      current = await enterCode(ctx, authorisationId, input.otp ?? currentCode(ctx, authorisationId) ?? '');
    }
  }
  if (current.scaStatus !== 'psuAuthenticated') {
    const redirect = current.scaStatus === 'failed' ? returnAddresses(ctx, current).declined : null;
    return { scaStatus: effectiveScaStatus(current, ctx.clock.now()), redirect };
  }
  return decide(ctx, authorisationId, script === 'declines' ? 'decline' : input.decision);
}
