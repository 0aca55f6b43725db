/**
 * How much of a body the sandbox keeps about an exchange (the request journal, the client report's
 * evidence): a body of at most BODY_KEPT_CHARACTERS as received is kept whole, masked
 * (contract/mask.ts); a longer one is kept as the first BODY_KEPT_CHARACTERS of its masked text (its
 * JSON text when it is JSON) followed by a marker saying how much was cut. Masking comes before the
 * cut, so that a cut never leaves part of a card number or a key behind. The API still reads a body
 * of 60 KB in full; only what is kept about it is bounded.
 */
import { maskBody, maskText } from '../contract/mask.js';

/** The most characters of a body kept. */
export const BODY_KEPT_CHARACTERS = 8_192;

/** `…[cut: 52000 more characters]`: what follows a body's kept part. */
export const cutMarker = (more: number) => `…[cut: ${more} more characters]`;

const CUT = /…\[cut: \d+ more characters\]$/;

/**
 * A body's text as kept: masked, and cut when long (a cut JSON body is kept as its text). Undefined
 * without one. A text kept before (cut, with its marker) is kept as it is: keeping is idempotent.
 */
export function keptBody(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  const marker = CUT.exec(text);
  if (marker && text.length - marker[0].length <= BODY_KEPT_CHARACTERS) return maskText(text);
  const masked = maskBody(text);
  if (masked === undefined || text.length <= BODY_KEPT_CHARACTERS) return masked;
  const shown = typeof masked === 'string' ? masked : JSON.stringify(masked);
  if (shown.length <= BODY_KEPT_CHARACTERS) return masked;
  // A copy of its own: a slice of the whole text would keep the whole text alive (V8 slices share their parent).
  return JSON.parse(
    JSON.stringify(`${shown.slice(0, BODY_KEPT_CHARACTERS)}${cutMarker(shown.length - BODY_KEPT_CHARACTERS)}`),
  ) as string;
}
