/**
 * CLIENT-PAYMENT-KEY (spec "Request headers": X-Request-ID is the "Idempotency key on payment
 * initiation"; "Behaviour notes: Payments" 6: same key, same body returns the first payment, the key
 * is remembered 48 hours for conflicts; "Errors: Rules" 2: 5xx and connection failures are
 * retryable). An initiation whose outcome the client does not know may have been stored: only its
 * own key can say. Another initiation of the same money under a new key while the first key's
 * outcome is unknown is the double payment the idempotency key exists to prevent.
 *
 * The outcome of a key is unknown to the client when a request arrives while none of that key's
 * answers that left before it was a definite one (anything but a 5xx or a closed connection). That
 * covers a 5xx, a lost answer, and the client's own time-out: a resend that arrived while the first
 * request was still held. Events come in the order answers leave, so a slow first answer is read
 * after the resend; each initiation is judged against every other of the same money, whichever
 * came first, and each resend is reported once.
 */
import { BoundedMap } from '../bounded.js';
import { amountValue, failedRetryably, isInitiation, type Seen } from '../seen.js';
import { check, line, outcome, PROVIDER_MEMORY, type Violation } from './check.js';

/** The idempotency key's memory for conflicts ("Limits"). */
export const KEY_MEMORY_MS = 48 * 3_600_000;

/** Initiations kept per payment (the same money): a client resends one a handful of times. */
export const KEPT_PER_PAYMENT = 16;

interface Initiation {
  seen: Seen;
  key: string;
  /** Reported already as a double payment. */
  reported: boolean;
}

const iban = (value: unknown) => (typeof value === 'string' ? value.replace(/\s/g, '').toUpperCase() : undefined);

/**
 * What the money is, compared as values: the same payment to the customer whatever the product,
 * the other fields or the writing ("33.10" and "33.1" are one amount, an IBAN with or without spaces one account).
 */
export function moneyOf(body: unknown): string | undefined {
  const b = body as {
    debtorAccount?: { iban?: unknown };
    creditorAccount?: { iban?: unknown };
    instructedAmount?: { amount?: unknown; currency?: unknown };
    remittanceInformationUnstructured?: unknown;
  } | null;
  const debtor = iban(b?.debtorAccount?.iban);
  const creditor = iban(b?.creditorAccount?.iban);
  if (debtor === undefined || creditor === undefined) return undefined;
  // The values as JSON, never String(): a parsed body can hold an object whose toString is a member
  // the client sent, and String() of it throws.
  return JSON.stringify([
    debtor,
    creditor,
    amountValue(b!.instructedAmount?.amount) ?? b!.instructedAmount?.amount ?? null,
    b!.instructedAmount?.currency ?? null,
    b!.remittanceInformationUnstructured ?? null,
  ]);
}

/** Whether the client knew `first`'s key's outcome when `resend` arrived: one of its answers that left before was definite. */
function known(kept: readonly Initiation[], first: Initiation, resend: Seen): boolean {
  return kept.some(
    (one) => one.key === first.key && one.seen.leftRealMs <= resend.realMs && !failedRetryably(one.seen),
  );
}

/** `resend`, under another key, is a double of `first` when it came after it, within 48 hours, its outcome unknown. */
function double(kept: readonly Initiation[], first: Initiation, resend: Initiation): boolean {
  return (
    !resend.reported &&
    resend.key !== first.key &&
    resend.seen.realMs > first.seen.realMs &&
    resend.seen.atMs - first.seen.atMs <= KEY_MEMORY_MS &&
    !known(kept, first, resend.seen)
  );
}

function violation(first: Initiation, resend: Initiation, judged: Seen): Violation {
  const why = first.seen.leftRealMs > resend.seen.realMs ? 'was still unanswered' : `got ${outcome(first.seen)}`;
  const paymentId = (resend.seen.answerJson as { paymentId?: unknown } | undefined)?.paymentId;
  return {
    rule: 'CLIENT-PAYMENT-KEY',
    detail: `${line(resend.seen)} initiated the same payment under a new X-Request-ID (${resend.key || 'none'}) while the first initiation under ${first.key || 'none'} ${why} and its outcome was unknown: at a real bank, two payments.`,
    earlier: [first.seen],
    ...(resend.seen === judged ? {} : { subject: resend.seen }),
    ...(typeof paymentId === 'string' ? { paymentId } : {}),
  };
}

export const paymentKey = check({
  rule: 'CLIENT-PAYMENT-KEY',
  memory: () => new BoundedMap<string, Initiation[]>(PROVIDER_MEMORY),
  judge(memory, seen) {
    if (!isInitiation(seen)) return undefined;
    const money = moneyOf(seen.body);
    if (money === undefined) return undefined;
    const key = seen.requestIds.join(',').toLowerCase();
    const kept = (memory.get(money) ?? []).filter((one) => seen.atMs - one.seen.atMs <= KEY_MEMORY_MS);
    const own: Initiation = { seen, key, reported: false };
    kept.push(own);
    memory.set(money, kept.slice(-KEPT_PER_PAYMENT));
    // This request as the resend of an earlier one, then as the first of a resend that arrived while it was held.
    for (const first of kept)
      if (first !== own && double(kept, first, own)) {
        own.reported = true;
        return violation(first, own, seen);
      }
    for (const resend of kept)
      if (resend !== own && double(kept, own, resend)) {
        resend.reported = true;
        return violation(own, resend, seen);
      }
    return undefined;
  },
});
