/**
 * Signed revocation callbacks (spec "Events" 4-5): header `X-Service-Signature: t=<unix seconds>,v1=<hex>`,
 * where v1 is HMAC-SHA256 keyed with the callback secret over "<t>.<raw request body>".
 * `verifyCallbackSignature` is what a provider's receiver should do, step by step.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { SIGNATURE_TOLERANCE_SECONDS } from './cof.js';

/**
 * How the secret keys the HMAC. The interface calls the secret "the HMAC key, a hex string of 32
 * bytes": this service keys it with the 32 bytes the hex spells (`bytes`); a sender that keys it
 * with the 64 characters of the string (`text`) reads the same sentence the other way.
 */
export type SecretKeying = 'bytes' | 'text';

function hmacHex(secret: string, t: number, rawBody: string | Buffer, keying: SecretKeying = 'bytes'): string {
  // The secret is the hex string the provider reads from GET /v1/revocation-callback.
  const key = keying === 'bytes' ? Buffer.from(secret, 'hex') : Buffer.from(secret, 'utf8');
  return createHmac('sha256', key).update(`${t}.`).update(rawBody).digest('hex');
}

export function signCallback(rawBody: string | Buffer, secret: string, t: number): string {
  return `t=${t},v1=${hmacHex(secret, t, rawBody)}`;
}

export type CallbackVerdict = { ok: true; t: number } | { ok: false; reason: 'malformed' | 'stale' | 'mismatch' };

/**
 * 1. split the header into t and v1; 2. refuse when t is more than 300 s from `now`; 3. recompute
 * over the raw received bytes (never a re-serialised parse); 4. compare in constant time.
 */
export function verifyCallbackSignature(
  rawBody: string | Buffer,
  header: string | undefined,
  secret: string,
  now: Date = new Date(),
  keying: SecretKeying = 'bytes',
): CallbackVerdict {
  const parts = new Map(
    (header ?? '')
      .split(',')
      .map((part) => [part.slice(0, part.indexOf('=')).trim(), part.slice(part.indexOf('=') + 1).trim()] as const),
  );
  const tText = parts.get('t');
  const v1 = parts.get('v1');
  if (!tText || !/^\d{1,12}$/.test(tText) || !v1 || !/^[0-9a-fA-F]{64}$/.test(v1) || !/^[0-9a-fA-F]{64}$/.test(secret))
    return { ok: false, reason: 'malformed' };
  const t = Number(tText);
  if (Math.abs(now.getTime() / 1000 - t) > SIGNATURE_TOLERANCE_SECONDS) return { ok: false, reason: 'stale' };
  const expected = Buffer.from(hmacHex(secret, t, rawBody, keying), 'hex');
  return timingSafeEqual(expected, Buffer.from(v1, 'hex')) ? { ok: true, t } : { ok: false, reason: 'mismatch' };
}
