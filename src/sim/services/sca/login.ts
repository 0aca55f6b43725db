/** The ceremony's first step: login with User ID and password; a one-time code is sent (one-time-code.ts checks it). */
import { randomInt } from 'node:crypto';
import { XsError } from '../../../contract/index.js';
import type { UnitOfWork } from '../../bank/unit-of-work.js';
import type { SandboxContext } from '../../context.js';
import { started } from '../../rules/sca.js';
import type { AuthorisationRecord } from '../../store/data.js';
import { paymentReview } from '../payments/review.js';
import { smsKey } from '../../store/kinds.js';
import { requireOpen } from './ceremony.js';
import { codesSent } from './one-time-code.js';
import { findAuthorisation, saveAuthorisation } from './save.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type ScaLoginContext = Pick<SandboxContext, 'store' | 'clock' | 'events' | 'world' | 'bank'>;

/** The account only whose holder may authorise: a payment's debtor account, a CoF consent's account. */
function subjectAccount(
  ctx: Pick<ScaLoginContext, 'store' | 'clock'>,
  authorisation: AuthorisationRecord,
): string | undefined {
  if (authorisation.parent.kind === 'payment') return paymentReview(ctx, authorisation.parent.id).debtorIban;
  return ctx.store.get('consents', authorisation.parent.id)?.cof?.iban;
}

/** Login with User ID and password; on success a new one-time code is sent. */
export function logIn(
  ctx: ScaLoginContext,
  authorisationId: string,
  psuId: string,
  password: string,
): Promise<AuthorisationRecord> {
  return ctx.bank.transact((uow) => logInNow(ctx, uow, authorisationId, psuId, password));
}

function logInNow(
  ctx: Pick<ScaLoginContext, 'store' | 'clock' | 'events' | 'world'>,
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
  uow.put('sms', smsKey(authorisationId, codesSent(ctx, authorisationId)), {
    psuId,
    code: String(randomInt(0, 1_000_000)).padStart(6, '0'),
    authorisationId,
    sentAt: now.toISOString(),
  });
  return saveAuthorisation(ctx, uow, started(authorisation, psuId));
}
