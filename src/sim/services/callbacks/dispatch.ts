/**
 * Deliveries with retries driven by the sandbox clock (spec "Events"): whatever attempt is due is
 * sent, never twice at once, and its outcome recorded as soon as it has an answer.
 */
import type { UnitOfWork } from '../../bank/unit-of-work.js';
import type { SandboxContext } from '../../context.js';
import { planDeliveries, releaseAfter } from '../../faults/callback-plan.js';
import type { DeliveryRecord } from '../../store/data.js';
import { attempt } from './attempt.js';

/** Records an attempt's outcome on its delivery and tells `callback-attempt` listeners once it is written. */
function recordAttempt(
  ctx: SandboxContext,
  uow: UnitOfWork,
  next: DeliveryRecord,
  outcome: { status: number | null; error: string | null },
): void {
  const stored = ctx.store.get('deliveries', next.eventId);
  if (stored) {
    // Deregistered while this attempt was on the wire: the attempt is recorded, no retry follows.
    const ended = stored.outcome === 'failed' && next.outcome === 'pending';
    uow.put('deliveries', next.eventId, ended ? { ...next, outcome: 'failed', nextAttemptAt: undefined } : next);
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

/** Sends every attempt that is due by the sandbox clock; called on revocation, when the clock moves, and on a tick. */
export async function dispatchDue(ctx: SandboxContext): Promise<void> {
  const now = ctx.clock.nowMs();
  const due = ctx.store
    .upTo('deliveries', 'due', now)
    .map(([, delivery]) => delivery)
    .filter((delivery) => !ctx.deliveriesInFlight.has(delivery.eventId));
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
