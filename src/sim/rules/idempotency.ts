/**
 * X-Request-ID as the idempotency key of payment initiation (spec "Behaviour notes: Payments" 6,
 * "Limits"): one key binds to one payment, globally and permanently; for 48 hours after binding a
 * different body is a conflict, afterwards any replay resolves to the original payment.
 */
import { createHash } from 'node:crypto';
import type { PaymentKeyRecord } from '../store/data.js';

/** Spec "Limits": 48 hours for body-conflict detection. */
export const KEY_CONFLICT_WINDOW_MS = 48 * 3_600_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The key as stored: a UUID is the same key whichever case its hex digits are written in; any
 * other value (served when the profile accepts non-UUIDs) is the key exactly as sent.
 */
export function keyOf(requestId: string): string {
  return UUID.test(requestId) ? requestId.toLowerCase() : requestId;
}

/** JSON with object keys sorted at every depth: the same parsed body always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

/** What is compared: the parsed body, canonically; the payment product (in the path) is not part of it. */
export function bodyDigest(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

export type KeyVerdict = { kind: 'new' } | { kind: 'replay'; paymentId: string } | { kind: 'conflict' };

export function judgeKey(binding: PaymentKeyRecord | undefined, digest: string, now: Date): KeyVerdict {
  if (!binding) return { kind: 'new' };
  const remembered = now.getTime() - Date.parse(binding.boundAt) < KEY_CONFLICT_WINDOW_MS;
  if (remembered && binding.bodyDigest !== digest) return { kind: 'conflict' };
  return { kind: 'replay', paymentId: binding.paymentId };
}
