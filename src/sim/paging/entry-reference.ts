/**
 * entryReference: the opaque paging cursor of a transaction (spec "Transaction", "Paging rules" 3);
 * opaque to clients, so its spelling is the sandbox's own.
 * It carries the entry's seq, the one position shared by booked and pending entries of an account,
 * so it stays valid however many entries are booked after it. A fixed width in base 36 gives every
 * seq exactly one spelling, so a reference handed out once is recognised on every later request.
 */
const PREFIX = 'e';
const WIDTH = 8;
const PATTERN = /^e[0-9a-z]{8}$/;
/** 36^8 - 1, well inside the safe-integer range. */
const MAX_SEQ = 36 ** WIDTH - 1;

export function encodeEntryReference(seq: number): string {
  if (!Number.isSafeInteger(seq) || seq < 1 || seq > MAX_SEQ) throw new RangeError(`Not an entry seq: ${seq}`);
  return `${PREFIX}${seq.toString(36).padStart(WIDTH, '0')}`;
}

/** The seq named by a reference, or undefined when the value was not made by encodeEntryReference. */
export function decodeEntryReference(value: string): number | undefined {
  if (!PATTERN.test(value)) return undefined;
  const seq = Number.parseInt(value.slice(PREFIX.length), 36);
  return seq >= 1 ? seq : undefined;
}
