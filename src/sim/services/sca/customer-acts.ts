/** A whole ceremony in one call, as the control API and `sandbox.psu()` run it. */
import { XsError } from '../../../contract/index.js';
import type { SandboxContext } from '../../context.js';
import { effectiveScaStatus, isOpen } from '../../rules/sca.js';
import { outcomeOf, returnAddresses, type Decision, type ScaOutcome } from './ceremony.js';
import { decide } from './decision.js';
import { logIn } from './login.js';
import { currentCode, enterCode } from './one-time-code.js';
import { findAuthorisation } from './save.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type ScaCustomerActsContext = Pick<SandboxContext, 'store' | 'clock' | 'events' | 'world' | 'bank'>;

/**
 * `POST /sandbox/authorisations/{id}`: what a customer does on the SCA page, in one call. Fixture
 * customers with a scripted `outcome` follow their script whatever is asked: `declines` always
 * declines, `wrong-otp` enters three wrong codes, `abandons` logs in and never returns (the
 * authorisation then expires after 15 minutes).
 */
export async function actAsCustomer(
  ctx: ScaCustomerActsContext,
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
