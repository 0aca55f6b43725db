/**
 * The records the store holds: only what requests change. Seeded customers, accounts and histories
 * are rebuilt from the seed and never stored. Their kinds, keys and indexes: kinds.ts.
 */
import type { TransactionEntry } from '../transaction-entry.js';

export interface ProviderRecord {
  organizationIdentifier: string;
  name: string;
  roles: string[];
  nca: { name: string; id: string } | undefined;
  registeredAt: string;
  updatedAt: string;
}

/** A regulator decision made through `POST /sandbox/register/{organizationIdentifier}`. */
export interface RegisterDecision {
  authorised: boolean;
  decidedAt: string;
}

export interface AccessLists {
  accounts: string[];
  balances: string[];
  transactions: string[];
}

/** An account-information consent (spec "ConsentRequest", "Consent (ConsentStatus)"). */
export interface ConsentRecord {
  consentId: string;
  kind: 'ais' | 'cof';
  /** organizationIdentifier of the provider that created it; nobody else may see it. */
  tpp: string;
  /** Stored status; `expired` is derived from the facts below and the clock (rules/consents.ts). */
  status: 'received' | 'valid' | 'revokedByPsu' | 'terminatedByTpp' | 'rejected';
  recurringIndicator: boolean;
  /** Enforced value: 4 for recurring, 1 for one-off. */
  frequencyPerDay: number;
  requested: AccessLists;
  /** Requested IBANs as sent, with the currency if one was given, keyed by IBAN. */
  currencies: Record<string, string>;
  requestedValidUntil: string | undefined;
  /**
   * Days from authentication a consent requested without validUntil lasts, when the bank profile
   * (`consent.validUntilDefault`) gives it less than the 180-day ceiling; kept on the record so the
   * terms the consent was created under hold whatever profile a later start serves.
   */
  validityDays?: number;
  redirectUri: string;
  nokRedirectUri: string | undefined;
  authorisationId: string;
  createdAt: string;
  lastActionAt: string;
  /** Set when the customer approves. */
  psuId?: string;
  granted?: AccessLists;
  authenticatedAt?: string;
  /** Instant the consent stops working: min(end of validUntil, authentication + 180 days). */
  expiresAt?: string;
  validUntil?: string;
  lastUsedAt?: string;
  statusChangedAt?: string;
  /** Confirmation-of-funds consents only: the one account named (nothing of a card is kept). */
  cof?: { iban: string; currency: string | undefined };
}

/** A provider's revocation callback (spec "RevocationCallback"); its secret is derived, never stored. */
export interface CallbackRegistration {
  url: string;
  /** Random per registration: a new URL gets a new one, so a new secret. */
  registrationId: string;
  registeredAt: string;
}

/** One revocation event and its delivery attempts (spec "Events"). */
export interface DeliveryRecord {
  eventId: string;
  tpp: string;
  consentId: string;
  url: string;
  /** The exact bytes sent on every attempt: retries repeat the body and its eventId. */
  body: string;
  attempts: { at: string; status: number | null; error: string | null }[];
  /** When the next attempt is due; absent once delivered or given up. */
  nextAttemptAt?: string;
  outcome: 'pending' | 'delivered' | 'failed';
  /**
   * Host time until which the process that claimed the due attempt sends it (dispatch.ts): with
   * several processes on one database, one of them sends each attempt.
   */
  claimedUntil?: string;
}

/** An SCA authorisation of a consent or a payment. */
export interface AuthorisationRecord {
  authorisationId: string;
  parent: { kind: 'consent' | 'payment'; id: string };
  tpp: string;
  /** Stored status; expiry after 15 minutes is derived (rules/sca.ts). */
  scaStatus: 'received' | 'started' | 'psuAuthenticated' | 'finalised' | 'failed';
  /** UUID v4 appended to scaRedirect and to the provider's redirect URI. */
  state: string;
  createdAt: string;
  expiresAt: string;
  psuId?: string;
  otpFailures: number;
  finishedAt?: string;
  /**
   * Payments only: digest of what the customer is shown (amount, payee name and IBAN, debtor)
   * when the ceremony was created. Dynamic linking: a different digest at decision time fails it.
   */
  binding?: string;
}

/** A one-time code "sent by SMS" during an SCA (GET /sandbox/sms). */
export interface SmsRecord {
  psuId: string;
  code: string;
  authorisationId: string;
  sentAt: string;
}

/** A transaction booked at run time on a seeded account (control API, payments). */
export interface BookingRecord extends TransactionEntry {
  iban: string;
  createdAt: string;
  /**
   * Set when a pending entry left the ledger: settled (a booked entry with a new seq replaced it),
   * rejected or cancelled. Kept, not deleted, so a restart rebuilds the same ledger and never
   * hands its seq out again.
   */
  removedAt?: string;
}

/**
 * A single SEPA credit transfer (spec "PaymentInitiationRequest", "Payment (TransactionStatus)").
 * The stored status is what was decided; RCVD→RJCT (ceremony failed or expired), PDNG→CANC (24
 * hours) and ACSP→ACSC (settlement time) are derived from the facts below plus the clock
 * (rules/payments.ts), and the ledger follows through services/payments/settlement.ts.
 */
export interface PaymentRecord {
  paymentId: string;
  product: 'sepa-credit-transfers' | 'instant-sepa-credit-transfers';
  /** organizationIdentifier of the initiating provider; nobody else may address it. */
  tpp: string;
  status: 'RCVD' | 'PDNG' | 'ACSP' | 'ACSC' | 'RJCT' | 'CANC';
  debtorIban: string;
  debtorCurrency: string | undefined;
  creditorIban: string;
  creditorCurrency: string | undefined;
  creditorBic: string | undefined;
  creditorName: string | undefined;
  /** As sent (or as the back office amended it); cents are derived with toCents. */
  amount: string;
  /** As sent; the neutral description is recorded when this is undefined. */
  remittanceInformationUnstructured: string | undefined;
  endToEndIdentification: string | undefined;
  requestedExecutionDate: string | undefined;
  redirectUri: string;
  nokRedirectUri: string | undefined;
  authorisationId: string;
  createdAt: string;
  statusChangedAt: string;
  /** Set when the customer authorised. */
  psuId?: string;
  authorisedAt?: string;
  /** seq of the pending debit on the debtor account, while the money is reserved. */
  debitSeq?: number;
  /** PDNG: when the payee check started (CANC 24 hours later). */
  pendingSince?: string;
  /** ACSP: when it is executed and settles (ACSC); whether that is a requested future date. */
  settleAt?: string;
  futureDated?: boolean;
}

/** An X-Request-ID bound to the payment it created (spec "Behaviour notes: Payments" 6). */
export interface PaymentKeyRecord {
  paymentId: string;
  /** sha256 of the canonical request body; compared for 48 hours after boundAt. */
  bodyDigest: string;
  boundAt: string;
}
