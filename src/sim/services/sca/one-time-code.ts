/** The ceremony's second step: the one-time code sent at login, compared in constant time. */
import { timingSafeEqual } from 'node:crypto';
import { XsError } from '../../../contract/index.js';
import type { SandboxContext } from '../../context.js';
import { authenticated, otpRejected } from '../../rules/sca.js';
import type { AuthorisationRecord, SmsRecord } from '../../store/data.js';
import { smsKey } from '../../store/kinds.js';
import { requireOpen } from './ceremony.js';
import { findAuthorisation, saveAuthorisation } from './save.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type ScaOneTimeCodeContext = Pick<SandboxContext, 'store' | 'clock' | 'events' | 'bank'>;

/** How many one-time codes an authorisation was sent (each login sends one). */
export function codesSent(ctx: Pick<ScaOneTimeCodeContext, 'store'>, authorisationId: string): number {
  return ctx.store.find('sms', 'authorisation', authorisationId).length;
}

/** The code sent last: the only one that counts. */
export function currentCode(ctx: Pick<ScaOneTimeCodeContext, 'store'>, authorisationId: string): string | undefined {
  const sent = codesSent(ctx, authorisationId);
  return sent === 0 ? undefined : ctx.store.get('sms', smsKey(authorisationId, sent - 1))?.code;
}

/** `GET /sandbox/sms`: every code sent, newest first. */
export function smsView(ctx: Pick<ScaOneTimeCodeContext, 'store'>): SmsRecord[] {
  return ctx.store.all('sms').reverse();
}

function sameCode(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The one-time code: right → psuAuthenticated; the third wrong one fails the authorisation. */
export function enterCode(
  ctx: ScaOneTimeCodeContext,
  authorisationId: string,
  code: string,
): Promise<AuthorisationRecord> {
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
