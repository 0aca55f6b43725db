/**
 * CLIENT-PAYMENT-KEY (spec "Behaviour notes: Payments" 6: same key, same body returns the first
 * payment; the key is remembered 48 hours for conflicts). An initiation that met a 5xx or a broken
 * connection may have been stored: only its own key can say. Another initiation of the same money
 * (debtor, creditor, amount, currency, remittance) under a new key before that key was answered is
 * the double payment the idempotency key exists to prevent.
 */
import { BoundedMap } from '../bounded.js';
import { failedRetryably, isInitiation, type Seen } from '../seen.js';
import { check, line, outcome, PROVIDER_MEMORY } from './check.js';

/** The idempotency key's memory for conflicts ("Limits"). */
export const KEY_MEMORY_MS = 48 * 3_600_000;

interface Unanswered {
  seen: Seen;
  key: string;
}

/** What the money is: the same payment to the customer, whatever the product or the other fields. */
function moneyOf(body: unknown): string | undefined {
  const b = body as {
    debtorAccount?: { iban?: unknown };
    creditorAccount?: { iban?: unknown };
    instructedAmount?: { amount?: unknown; currency?: unknown };
    remittanceInformationUnstructured?: unknown;
  } | null;
  if (typeof b?.debtorAccount?.iban !== 'string' || typeof b.creditorAccount?.iban !== 'string') return undefined;
  // The values as JSON, never String(): a parsed body can hold an object whose toString is a member
  // the client sent, and String() of it throws.
  return JSON.stringify([
    b.debtorAccount.iban,
    b.creditorAccount.iban,
    b.instructedAmount?.amount ?? null,
    b.instructedAmount?.currency ?? null,
    b.remittanceInformationUnstructured ?? null,
  ]);
}

export const paymentKey = check({
  rule: 'CLIENT-PAYMENT-KEY',
  memory: () => new BoundedMap<string, Unanswered>(PROVIDER_MEMORY),
  judge(memory, seen) {
    if (!isInitiation(seen)) return undefined;
    const money = moneyOf(seen.body);
    if (money === undefined) return undefined;
    const key = seen.requestIds.join(',');
    const first = memory.get(money);
    const double = first !== undefined && first.key !== key && seen.atMs - first.seen.atMs <= KEY_MEMORY_MS;
    if (failedRetryably(seen)) {
      if (first === undefined || first.seen.atMs + KEY_MEMORY_MS < seen.atMs) memory.set(money, { seen, key });
    } else if (first?.key === key) memory.delete(money);
    if (!double) return undefined;
    return {
      rule: 'CLIENT-PAYMENT-KEY',
      detail: `${line(seen)} initiated the same payment under a new X-Request-ID (${key || 'none'}) after the first initiation under ${first.key || 'none'} got ${outcome(first.seen)} and was never answered since: at a real bank, two payments.`,
      earlier: [first.seen],
      ...(typeof (seen.answerJson as { paymentId?: unknown })?.paymentId === 'string'
        ? { paymentId: (seen.answerJson as { paymentId: string }).paymentId }
        : {}),
    };
  },
});
