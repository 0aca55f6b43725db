/**
 * Deliveries with retries driven by the sandbox clock (spec "Events"): whatever attempt is due is
 * sent, never twice at once, and its outcome recorded as soon as it has an answer.
 */
import type { UnitOfWork } from '../../bank/unit-of-work.js';
import type { SandboxContext } from '../../context.js';
import { planDeliveries, releaseAfter, type PlannedDelivery } from '../../faults/callback-plan.js';
import type { DeliveryRecord } from '../../store/data.js';
import { attempt } from './attempt.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type CallbackDispatchContext = Pick<
  SandboxContext,
  'store' | 'clock' | 'events' | 'callbackCa' | 'deliveriesInFlight' | 'faults' | 'behaviour' | 'bank'
>;

/** Records an attempt's outcome on its delivery and tells `callback-attempt` listeners once it is written. */
function recordAttempt(
  ctx: Pick<CallbackDispatchContext, 'store' | 'events'>,
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

/**
 * How long a claimed delivery belongs to the process that claimed it (host time, past the attempt's
 * own deadline): a process killed mid-attempt leaves its claim to expire, and another process sends
 * the attempt then.
 */
const CLAIM_MS = 30_000;

/**
 * Claims what is due, in a unit of work: with several processes on one database each due attempt is
 * claimed by exactly one of them (units of work run one after the other across processes), which
 * marks it with how long its claim holds. What another process claimed, or this one has on the
 * wire, is left alone.
 */
function claimDue(
  ctx: Pick<CallbackDispatchContext, 'store' | 'clock' | 'deliveriesInFlight' | 'faults' | 'behaviour'>,
  uow: UnitOfWork,
): PlannedDelivery[] {
  const now = ctx.clock.nowMs();
  const hostNow = Date.now();
  const due = ctx.store
    .upTo('deliveries', 'due', now)
    .map(([, delivery]) => delivery)
    .filter(
      (delivery) =>
        !ctx.deliveriesInFlight.has(delivery.eventId) &&
        !(delivery.claimedUntil !== undefined && Date.parse(delivery.claimedUntil) > hostNow),
    );
  const planned = planDeliveries(ctx.faults, due, now);
  const claimedUntil = new Date(hostNow + CLAIM_MS + ctx.behaviour.callbackAttemptTimeoutMs).toISOString();
  for (const { delivery } of planned) uow.put('deliveries', delivery.eventId, { ...delivery, claimedUntil });
  return planned.map(({ delivery, copies }) => ({ delivery: withoutClaim(delivery), copies }));
}

function withoutClaim(delivery: DeliveryRecord): DeliveryRecord {
  if (delivery.claimedUntil === undefined) return delivery;
  const { claimedUntil: _claim, ...rest } = delivery;
  return rest;
}

/** Sends every attempt that is due by the sandbox clock; called on revocation, when the clock moves, and on a tick. */
export async function dispatchDue(ctx: CallbackDispatchContext): Promise<void> {
  const earliest = ctx.store.earliest('deliveries', 'due');
  if (earliest === undefined || earliest > ctx.clock.nowMs()) return;
  const planned = await ctx.bank.transact((uow) => claimDue(ctx, uow));
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
export async function flushDue(ctx: CallbackDispatchContext): Promise<void> {
  for (;;) {
    await dispatchDue(ctx);
    const running = [...ctx.deliveriesInFlight.values()];
    if (running.length === 0) return;
    await Promise.allSettled(running);
  }
}
