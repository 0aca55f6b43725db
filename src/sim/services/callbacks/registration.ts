/**
 * A provider's revocation callback (spec "Revocation callback endpoints"): registered with PUT,
 * read with GET, removed with DELETE; one per provider.
 */
import { randomUUID } from 'node:crypto';
import { HEADERS, SIGNATURE_TOLERANCE_SECONDS, XsError } from '../../../contract/index.js';
import type { SandboxContext } from '../../context.js';
import { deriveSecret } from '../../rules/callbacks.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type CallbackRegistrationContext = Pick<SandboxContext, 'store' | 'clock' | 'bank'>;

function view(ctx: Pick<CallbackRegistrationContext, 'store'>, tpp: string) {
  const registration = ctx.store.get('callbacks', tpp);
  if (!registration) throw new XsError('RESOURCE_UNKNOWN', { text: 'No revocation callback is registered.' });
  return {
    url: registration.url,
    signatureHeader: HEADERS.serviceSignature,
    signatureToleranceSeconds: SIGNATURE_TOLERANCE_SECONDS,
    secret: deriveSecret(ctx.store.state().callbackKey, tpp, registration),
  };
}

export const readCallback = view;

/**
 * PUT declares state: the same URL changes nothing; a different URL replaces the registration.
 * The url was read at the edge (contract/callback-request.ts).
 */
export function registerCallback(ctx: CallbackRegistrationContext, tpp: string, url: string) {
  return ctx.bank.transact((uow) => {
    if (ctx.store.get('callbacks', tpp)?.url !== url) {
      uow.put('callbacks', tpp, { url, registrationId: randomUUID(), registeredAt: ctx.clock.now().toISOString() });
    }
    return view(ctx, tpp);
  });
}

/**
 * DELETE stops notifications, the retries of earlier revocations included: they end now, so a
 * registration made later never resumes them. With nothing registered it is answered the same.
 */
export function removeCallback(ctx: CallbackRegistrationContext, tpp: string): Promise<void> {
  return ctx.bank.transact((uow) => {
    uow.remove('callbacks', tpp);
    const at = ctx.clock.now().toISOString();
    for (const delivery of ctx.store.find('deliveries', 'pendingOf', tpp)) {
      uow.put('deliveries', delivery.eventId, {
        ...delivery,
        outcome: 'failed',
        nextAttemptAt: undefined,
        attempts: [...delivery.attempts, { at, status: null, error: 'callback deregistered' }],
      });
    }
  });
}
