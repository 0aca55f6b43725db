/**
 * One delivery attempt over the network (spec "Events" 3-5): signed afresh over the exact bytes
 * sent, with the bank profile's deadline; its outcome decides the next attempt (rules/callbacks.ts).
 */
import { HEADERS, signCallback } from '../../../contract/index.js';
import type { SandboxContext } from '../../context.js';
import { afterAttempt, deriveSecret } from '../../rules/callbacks.js';
import type { DeliveryRecord } from '../../store/data.js';
import { postCallback } from './sender.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type CallbackAttemptContext = Pick<SandboxContext, 'store' | 'clock' | 'callbackCa' | 'behaviour'>;

/** One attempt over the network; answers the delivery as it is after the attempt (recorded by the caller). */
export async function attempt(
  ctx: CallbackAttemptContext,
  delivery: DeliveryRecord,
  copies: number,
): Promise<{ next: DeliveryRecord; outcome: { status: number | null; error: string | null } }> {
  const registration = ctx.store.get('callbacks', delivery.tpp);
  const at = ctx.clock.now();
  if (!registration) {
    // The provider deleted its callback: notifications stop.
    const outcome = { status: null, error: 'callback deregistered' };
    return {
      next: {
        ...delivery,
        outcome: 'failed',
        nextAttemptAt: undefined,
        attempts: [...delivery.attempts, { at: at.toISOString(), ...outcome }],
      },
      outcome,
    };
  }
  // Each attempt is signed afresh over the exact bytes sent, the same body with the same eventId
  // every time; t is sandbox time in unix seconds (spec "Events" 3-5).
  const t = Math.floor(at.getTime() / 1000);
  // The attempt's deadline and the wait before the next one are the bank profile's (`callback.*`).
  const deadlineMs = ctx.behaviour.callbackAttemptTimeoutMs;
  const signature = signCallback(
    delivery.body,
    deriveSecret(ctx.store.state().callbackKey, delivery.tpp, registration),
    t,
  );
  const outcome = await postCallback(
    registration.url,
    delivery.body,
    { [HEADERS.serviceSignature]: signature },
    ctx.callbackCa,
    deadlineMs,
  );
  // A duplicated delivery (fault injection): the same signed bytes once more; it is not a retry,
  // so the attempt's outcome stays the first one's.
  for (let copy = 1; copy < copies; copy++)
    await postCallback(
      registration.url,
      delivery.body,
      { [HEADERS.serviceSignature]: signature },
      ctx.callbackCa,
      deadlineMs,
    );
  return {
    next: afterAttempt({ ...delivery, url: registration.url }, { at, ...outcome }, ctx.behaviour.callbackBackoff),
    outcome,
  };
}
