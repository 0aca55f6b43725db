/**
 * Whether a well-formed payment can be initiated (spec "Behaviour notes: Payments" 3-4). Every
 * cause answers the same PAYMENT_FAILED with one fixed sentence; the cause is named here only so
 * tests can tell which rule decided. The limits are "not shown" in the spec: the sandbox's values
 * are listed in docs/interpretations.md.
 */
import type { TransactionStatus } from '../../contract/index.js';

/**
 * The limits a bank profile serves (`payment.maximum`, `payment.dailyLimit`; by default 15,000.00 EUR
 * in one payment and 25,000.00 EUR leaving one account per UTC day, over payments initiated that day
 * and not rejected or cancelled); undefined daily: no daily limit.
 */
export interface PaymentLimits {
  perPaymentCents: number;
  dailyCents: number | undefined;
}

/**
 * Countries whose IBANs SEPA credit transfers reach: the EPC's 36 scheme countries (EU, EEA,
 * Switzerland, United Kingdom, Monaco, San Marino, Andorra, Vatican City) and Gibraltar, which has
 * an IBAN format of its own. Overseas territories use their parent country's IBANs.
 */
export const SEPA_COUNTRIES: ReadonlySet<string> = new Set([
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  'IS',
  'LI',
  'NO',
  'CH',
  'GB',
  'MC',
  'SM',
  'AD',
  'VA',
  'GI',
]);

export type RefusalCause =
  | 'debtor-not-held'
  | 'debtor-closed'
  | 'compliance-hold'
  | 'creditor-outside-sepa'
  | 'creditor-not-live'
  | 'same-account'
  | 'over-payment-limit'
  | 'over-daily-limit'
  | 'insufficient-funds';

export interface HeldAccount {
  status: 'live' | 'closed';
  compliance: 'hold' | undefined;
}

export interface InitiationFacts {
  debtorIban: string;
  creditorIban: string;
  amountCents: number;
  /** The service's own account behind the debtor IBAN, if any. */
  debtor: HeldAccount | undefined;
  /** The service's own account behind the creditor IBAN, if any. */
  creditor: HeldAccount | undefined;
  /** The sandbox bank's code: a German IBAN carrying it is the service's own, held or not. */
  bankCode: string;
  /** The debtor's interimAvailable (booked plus pending) in cents. */
  availableCents: number;
  /** Amounts already initiated from the debtor account today that count towards the daily limit. */
  initiatedTodayCents: number;
}

/** A German IBAN with the sandbox bank code in positions 5-12. */
export function isServiceIban(iban: string, bankCode: string): boolean {
  return iban.startsWith('DE') && iban.slice(4, 12) === bankCode;
}

/** Spec "Behaviour notes: Payments" 3: outside SEPA, or the service's own IBAN without a live account, is unroutable. */
export function isRoutable(iban: string, creditor: HeldAccount | undefined, bankCode: string): boolean {
  if (!SEPA_COUNTRIES.has(iban.slice(0, 2))) return false;
  if (isServiceIban(iban, bankCode)) return creditor?.status === 'live';
  return true;
}

/** Payments initiated and still alive count towards the daily limit; rejected or cancelled ones do not. */
export function countsTowardsDailyLimit(status: TransactionStatus): boolean {
  return status !== 'RJCT' && status !== 'CANC';
}

/** Undefined when the payment can be initiated, else the first rule that refuses it. */
export function initiationRefusal(facts: InitiationFacts, limits: PaymentLimits): RefusalCause | undefined {
  if (!facts.debtor) return 'debtor-not-held';
  if (facts.debtor.status !== 'live') return 'debtor-closed';
  if (facts.debtor.compliance === 'hold') return 'compliance-hold';
  if (!isRoutable(facts.creditorIban, facts.creditor, facts.bankCode)) {
    return SEPA_COUNTRIES.has(facts.creditorIban.slice(0, 2)) ? 'creditor-not-live' : 'creditor-outside-sepa';
  }
  if (facts.creditorIban === facts.debtorIban) return 'same-account';
  if (facts.amountCents > limits.perPaymentCents) return 'over-payment-limit';
  if (limits.dailyCents !== undefined && facts.initiatedTodayCents + facts.amountCents > limits.dailyCents)
    return 'over-daily-limit';
  if (facts.amountCents > facts.availableCents) return 'insufficient-funds';
  return undefined;
}
