/**
 * What the store holds: only what requests change. Seeded customers, accounts and histories are
 * rebuilt from the seed and never stored. Each service adds its collections here as it lands.
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
  kind: 'ais';
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

/** A transaction booked at run time on a seeded account (control API now, payments later). */
export interface BookingRecord extends TransactionEntry {
  iban: string;
  createdAt: string;
}

export interface StoreData {
  version: 1;
  /** Sandbox clock offset from real time, so a restart with --data keeps sandbox time. */
  clockOffsetMs: number;
  /** UTC day the seeded histories end on (their dates are relative to it). */
  seedAnchor: string;
  providers: Record<string, ProviderRecord>;
  registerDecisions: Record<string, RegisterDecision>;
  consents: Record<string, ConsentRecord>;
  authorisations: Record<string, AuthorisationRecord>;
  /** Unattended accesses used, keyed `consentId|dataType|YYYY-MM-DD` (UTC day of the sandbox clock). */
  usage: Record<string, number>;
  sms: SmsRecord[];
  bookings: BookingRecord[];
}

export function emptyData(seedAnchor: string): StoreData {
  return {
    version: 1,
    clockOffsetMs: 0,
    seedAnchor,
    providers: {},
    registerDecisions: {},
    consents: {},
    authorisations: {},
    usage: {},
    sms: [],
    bookings: [],
  };
}
