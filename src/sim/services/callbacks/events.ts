/** The events a revocation sends (spec "Events"): queued in the store, delivered after the write, and listed for the control API. */
import { randomUUID } from 'node:crypto';
import type { UnitOfWork } from '../../bank/unit-of-work.js';
import type { SandboxContext } from '../../context.js';
import type { ConsentRecord } from '../../store/data.js';
import { dispatchDue } from './dispatch.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type CallbackEventsContext = Pick<
  SandboxContext,
  'store' | 'clock' | 'events' | 'callbackCa' | 'deliveriesInFlight' | 'faults' | 'behaviour' | 'log' | 'bank'
>;

/** A revocation by the customer or the service: one event, delivered (after the write) if the provider registered a callback. */
export function notifyRevocation(
  ctx: CallbackEventsContext,
  uow: UnitOfWork,
  consent: ConsentRecord,
  revokedAt: Date,
): void {
  const registration = ctx.store.get('callbacks', consent.tpp);
  // Spec "Revocation callback endpoints" 5: until a callback is registered, nothing is sent.
  if (!registration) return;
  const eventId = randomUUID();
  const body = JSON.stringify({
    eventId,
    consentId: consent.consentId,
    consentStatus: 'revokedByPsu',
    revokedAt: revokedAt.toISOString(),
  });
  uow.put('deliveries', eventId, {
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

export function deliveriesView(ctx: Pick<CallbackEventsContext, 'store'>) {
  return ctx.store
    .all('deliveries')
    .reverse()
    .map(({ body: _body, ...delivery }) => ({ ...delivery, event: JSON.parse(_body) as unknown }));
}
