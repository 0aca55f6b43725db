/**
 * Forged revocation events for a provider's own receiver (`sandbox.callbacks.forge`,
 * `POST /sandbox/callbacks/forge`): what the interface tells a receiver to accept, dedupe and drop
 * (spec "Events" 3-8), sent on purpose so a TPP's tests can assert what its receiver did. Signed by
 * the same code as real deliveries, with the sandbox clock's `t`; sent over HTTPS only, to the URL
 * the provider registered. Nothing is stored and the consent is untouched: a forged revocation
 * revokes nothing. The answers are returned and told to the client judge (`callback-forged`).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { HEADERS, SIGNATURE_TOLERANCE_SECONDS, signCallback, XsError } from '../../../contract/index.js';
import type { ForgedCallbackEvent, ForgedSend, ForgedSignature } from '../../callback-events.js';
import type { SandboxContext } from '../../context.js';
import { readCallback } from './registration.js';
import { postCallback } from './sender.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type CallbackForgeContext = Pick<SandboxContext, 'store' | 'clock' | 'events' | 'callbackCa' | 'behaviour'>;

export const FORGE_KINDS = ['correct', 'wrong-secret', 'stale', 'duplicate', 'out-of-order'] as const;
export type ForgeKind = (typeof FORGE_KINDS)[number];

/** How old a stale signature's `t` is: a minute past the tolerance, so no clock skew makes it fresh. */
export const STALE_BY_SECONDS = SIGNATURE_TOLERANCE_SECONDS + 60;

const ForgeInput = z.strictObject({
  consentId: z.string().min(1).max(128),
  kind: z.enum(FORGE_KINDS, { error: `one of ${FORGE_KINDS.join(', ')}` }),
  /** When given, a consent of another provider is refused as an unknown one. */
  provider: z.string().min(1).max(128).optional(),
});
export type ForgeInput = z.input<typeof ForgeInput>;

export type ForgeResult = Omit<ForgedCallbackEvent, 'provider'>;

function readInput(input: unknown): z.output<typeof ForgeInput> {
  const result = ForgeInput.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const path = [...issue.path, ...(issue.code === 'unrecognized_keys' ? issue.keys.slice(0, 1) : [])].join('.');
  throw new XsError('FORMAT_ERROR', {
    ...(path ? { path } : {}),
    text: `${path ? `${path}: ` : ''}${issue.message}. Send {"consentId":"…","kind":"${FORGE_KINDS.join('"|"')}"}.`,
  });
}

interface ForgedEvent {
  eventId: string;
  body: string;
  t: number;
  signature: ForgedSignature;
}

/** The events of one forge, in the order they are sent; each body as a real delivery writes it. */
function eventsOf(kind: ForgeKind, consentId: string, now: Date): ForgedEvent[] {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const event = (revokedAt: Date, signature: ForgedSignature = 'correct', t = nowSeconds): ForgedEvent => {
    const eventId = randomUUID();
    const body = JSON.stringify({
      eventId,
      consentId,
      consentStatus: 'revokedByPsu',
      revokedAt: revokedAt.toISOString(),
    });
    return { eventId, body, t, signature };
  };
  switch (kind) {
    case 'correct':
      return [event(now)];
    case 'wrong-secret':
      return [event(now, 'wrong-secret')];
    case 'stale':
      return [event(now, 'stale', nowSeconds - STALE_BY_SECONDS)];
    case 'duplicate': {
      // The same event again, as a retry sends it: same eventId and bytes, signed afresh.
      const first = event(now);
      return [first, { ...first }];
    }
    case 'out-of-order': {
      // Two revocations, the later one arriving first ("Events" 8: ordering is not guaranteed).
      const earlier = event(new Date(now.getTime() - 60_000));
      const later = event(now);
      return [later, earlier];
    }
  }
}

export async function forgeCallback(ctx: CallbackForgeContext, input: unknown): Promise<ForgeResult> {
  const { consentId, kind, provider } = readInput(input);
  const consent = ctx.store.get('consents', consentId);
  // Another provider's consent is refused as an unknown one, as the API refuses it.
  if (!consent || (provider !== undefined && consent.tpp !== provider))
    throw new XsError('FORMAT_ERROR', { path: 'consentId', text: 'consentId: no consent has this id.' });
  const registration = ctx.store.get('callbacks', consent.tpp);
  if (!registration)
    throw new XsError('FORMAT_ERROR', {
      path: 'consentId',
      text: 'consentId: the provider of this consent has no revocation callback registered (PUT /v1/revocation-callback), so there is nowhere to send.',
    });
  const { url, secret } = readCallback(ctx, consent.tpp);
  const sent: ForgedSend[] = [];
  for (const event of eventsOf(kind, consentId, ctx.clock.now())) {
    const key = event.signature === 'wrong-secret' ? randomBytes(32).toString('hex') : secret;
    const at = ctx.clock.now().toISOString();
    const realAt = new Date().toISOString();
    const outcome = await postCallback(
      url,
      event.body,
      { [HEADERS.serviceSignature]: signCallback(event.body, key, event.t) },
      ctx.callbackCa,
      ctx.behaviour.callbackAttemptTimeoutMs,
    );
    sent.push({ eventId: event.eventId, t: event.t, signature: event.signature, ...outcome, at, realAt });
  }
  const result: ForgeResult = { consentId, kind, url, sent };
  ctx.events.emit('callback-forged', { provider: consent.tpp, ...result });
  return result;
}
