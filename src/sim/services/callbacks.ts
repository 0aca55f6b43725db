/**
 * Revocation callbacks: registration (spec "Revocation callback endpoints") and delivery of signed
 * events with retries driven by the sandbox clock (spec "Events").
 */
import { randomUUID } from 'node:crypto';
import { HEADERS, signCallback, SIGNATURE_TOLERANCE_SECONDS, XsError } from '../../contract/index.js';
import type { SandboxContext } from '../context.js';
import { planDeliveries, releaseAfter } from '../faults/callback-plan.js';
import { afterAttempt, deriveSecret } from '../rules/callbacks.js';
import type { UnitOfWork } from '../bank/unit-of-work.js';
import type { ConsentRecord, DeliveryRecord } from '../store/data.js';
import { postCallback } from './callback-sender.js';

function view(ctx: SandboxContext, tpp: string) {
  const registration = ctx.store.data.callbacks[tpp];
  if (!registration) throw new XsError('RESOURCE_UNKNOWN', { text: 'No revocation callback is registered.' });
  return {
    url: registration.url,
    signatureHeader: HEADERS.serviceSignature,
    signatureToleranceSeconds: SIGNATURE_TOLERANCE_SECONDS,
    secret: deriveSecret(ctx.store.data.callbackKey, tpp, registration),
  };
}

export const readCallback = view;

/**
 * PUT declares state: the same URL changes nothing; a different URL replaces the registration.
 * The url was read at the edge (contract/callback-request.ts).
 */
export function registerCallback(ctx: SandboxContext, tpp: string, url: string) {
  return ctx.bank.transact((uow) => {
    if (uow.data.callbacks[tpp]?.url !== url) {
      uow.put('callbacks', tpp, { url, registrationId: randomUUID(), registeredAt: ctx.clock.now().toISOString() });
    }
    return view(ctx, tpp);
  });
}

/**
 * DELETE stops notifications, the retries of earlier revocations included: they end now, so a
 * registration made later never resumes them. With nothing registered it is answered the same.
 */
export function removeCallback(ctx: SandboxContext, tpp: string): Promise<void> {
  return ctx.bank.transact((uow) => {
    uow.remove('callbacks', tpp);
    const at = ctx.clock.now().toISOString();
    uow.data.deliveries.forEach((delivery, index) => {
      if (delivery.tpp !== tpp || delivery.outcome !== 'pending') return;
      uow.replaceAt('deliveries', index, {
        ...delivery,
        outcome: 'failed',
        nextAttemptAt: undefined,
        attempts: [...delivery.attempts, { at, status: null, error: 'callback deregistered' }],
      });
    });
  });
}

/** A revocation by the customer or the service: one event, delivered (after the write) if the provider registered a callback. */
export function notifyRevocation(ctx: SandboxContext, uow: UnitOfWork, consent: ConsentRecord, revokedAt: Date): void {
  const registration = uow.data.callbacks[consent.tpp];
  // Spec "Revocation callback endpoints" 5: until a callback is registered, nothing is sent.
  if (!registration) return;
  const eventId = randomUUID();
  const body = JSON.stringify({
    eventId,
    consentId: consent.consentId,
    consentStatus: 'revokedByPsu',
    revokedAt: revokedAt.toISOString(),
  });
  uow.add('deliveries', {
    eventId,
    tpp: consent.tpp,
    consentId: consent.consentId,
    url: registration.url,
    body,
    attempts: [],
    nextAttemptAt: revokedAt.toISOString(),
    outcome: 'pending',
  });
  uow.afterCommit(
    () => void dispatchDue(ctx).catch((error: unknown) => ctx.log(`callback dispatch: ${String(error)}`)),
  );
}

/** Records an attempt's outcome on its delivery and tells `callback-attempt` listeners once it is written. */
function recordAttempt(
  ctx: SandboxContext,
  uow: UnitOfWork,
  next: DeliveryRecord,
  outcome: { status: number | null; error: string | null },
): void {
  const index = uow.data.deliveries.findIndex((delivery) => delivery.eventId === next.eventId);
  if (index >= 0) {
    // Deregistered while this attempt was on the wire: the attempt is recorded, no retry follows.
    const ended = uow.data.deliveries[index]!.outcome === 'failed' && next.outcome === 'pending';
    uow.replaceAt('deliveries', index, ended ? { ...next, outcome: 'failed', nextAttemptAt: undefined } : next);
  }
  uow.afterCommit(() =>
    ctx.events.emit('callback-attempt', {
      eventId: next.eventId,
      consentId: next.consentId,
      attempt: next.attempts.length,
      status: outcome.status,
      error: outcome.error,
      outcome: next.outcome,
    }),
  );
}

/** One attempt over the network; answers the delivery as it is after the attempt (recorded by the caller). */
async function attempt(
  ctx: SandboxContext,
  delivery: DeliveryRecord,
  copies: number,
): Promise<{ next: DeliveryRecord; outcome: { status: number | null; error: string | null } }> {
  const registration = ctx.store.data.callbacks[delivery.tpp];
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
    deriveSecret(ctx.store.data.callbackKey, delivery.tpp, registration),
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

/** Sends every attempt that is due by the sandbox clock; called on revocation, when the clock moves, and on a tick. */
export async function dispatchDue(ctx: SandboxContext): Promise<void> {
  const now = ctx.clock.nowMs();
  const due = ctx.store.data.deliveries.filter(
    (delivery) =>
      delivery.outcome === 'pending' &&
      delivery.nextAttemptAt !== undefined &&
      Date.parse(delivery.nextAttemptAt) <= now &&
      !ctx.deliveriesInFlight.has(delivery.eventId),
  );
  const planned = planDeliveries(ctx.faults, due, now);
  if (planned.length === 0) return;
  // Each outcome is recorded as soon as its attempt has an answer; no unit of work waits on the network.
  const runs = planned.map(({ delivery, copies }) => {
    const run = (async () => {
      const { next, outcome } = await attempt(ctx, delivery, copies);
      await ctx.bank.transact((uow) => recordAttempt(ctx, uow, next, outcome));
    })();
    ctx.deliveriesInFlight.set(delivery.eventId, run);
    return run;
  });
  try {
    await Promise.all(runs);
  } finally {
    for (const { delivery } of planned) ctx.deliveriesInFlight.delete(delivery.eventId);
  }
  // Reordered deliveries held back for these providers follow the ones that just went out.
  if (releaseAfter(ctx.faults, planned)) await dispatchDue(ctx);
}

/**
 * Sends whatever is due and waits until no attempt is on the wire, again while an answer made
 * another delivery due (a released reordering): when it resolves, every due attempt is recorded.
 */
export async function flushDue(ctx: SandboxContext): Promise<void> {
  for (;;) {
    await dispatchDue(ctx);
    const running = [...ctx.deliveriesInFlight.values()];
    if (running.length === 0) return;
    await Promise.allSettled(running);
  }
}

export function deliveriesView(ctx: SandboxContext) {
  return [...ctx.store.data.deliveries]
    .reverse()
    .map(({ body: _body, ...delivery }) => ({ ...delivery, event: JSON.parse(_body) as unknown }));
}
