/**
 * Account-information consents as plain data plus `now` (spec "ConsentRequest",
 * "Consent (ConsentStatus)", "Limits"). Nothing here does I/O; services store the results.
 */
import { XsError, type ConsentRequest, type ConsentStatus } from '../../contract/index.js';
import { CLOCK_MAX_MS } from '../clock.js';
import type { AccessLists, ConsentRecord } from '../store/data.js';
import { DAY_MS, dayStartMs, isoDate } from '../../contract/dates.js';

export type DataType = keyof AccessLists;
export const DATA_TYPES: readonly DataType[] = ['accounts', 'balances', 'transactions'];

/** Spec "Limits": at most 180 days from authentication. */
export const CONSENT_CEILING_DAYS = 180;
export const CONSENT_CEILING_MS = CONSENT_CEILING_DAYS * DAY_MS;
/** Spec "Limits": a one-off consent is retired after use plus one hour idle. */
export const ONE_OFF_IDLE_MS = 3_600_000;
/** Spec "ConsentRequest": above 4 is capped to 4, below 4 does not reduce it, one-off is forced to 1. */
export const RECURRING_FREQUENCY = 4;

function unique(list: { iban: string }[] | undefined): string[] {
  return [...new Set((list ?? []).map((reference) => reference.iban))];
}

export interface NewConsentInput {
  consentId: string;
  authorisationId: string;
  tpp: string;
  request: ConsentRequest;
  redirectUri: string;
  nokRedirectUri: string | undefined;
  now: Date;
  /** What an omitted recurringIndicator means (bank profile `consent.recurringIndicatorDefault`); one-off by default. */
  recurringDefault?: boolean;
  /** Days an omitted validUntil lasts from authentication (bank profile `consent.validUntilDefault`); the 180-day ceiling by default. */
  validityDays?: number;
}

export function newConsent(input: NewConsentInput): ConsentRecord {
  const { request, now } = input;
  // Spec leaves the default of recurringIndicator open; omitted means one-off (the narrower grant)
  // unless the bank profile says otherwise.
  const recurring = request.recurringIndicator ?? input.recurringDefault ?? false;
  const validityDays =
    request.validUntil === undefined && input.validityDays !== undefined && input.validityDays < CONSENT_CEILING_DAYS
      ? input.validityDays
      : undefined;
  const currencies: Record<string, string> = {};
  for (const list of [request.access.accounts, request.access.balances, request.access.transactions]) {
    for (const reference of list ?? []) if (reference.currency) currencies[reference.iban] = reference.currency;
  }
  const at = now.toISOString();
  return {
    consentId: input.consentId,
    kind: 'ais',
    tpp: input.tpp,
    status: 'received',
    recurringIndicator: recurring,
    frequencyPerDay: recurring ? RECURRING_FREQUENCY : 1,
    requested: {
      accounts: unique(request.access.accounts),
      balances: unique(request.access.balances),
      transactions: unique(request.access.transactions),
    },
    currencies,
    requestedValidUntil: request.validUntil,
    ...(validityDays === undefined ? {} : { validityDays }),
    redirectUri: input.redirectUri,
    nokRedirectUri: input.nokRedirectUri,
    authorisationId: input.authorisationId,
    createdAt: at,
    lastActionAt: at,
  };
}

/**
 * When a valid consent stops working (ms; Infinity while nothing ends it): the end of its validity,
 * or for a used one-off consent an hour after its last use. The one definition of "expired": the
 * status, lastActionDate and the change events' `due` all read it.
 */
export function consentEndsAt(consent: ConsentRecord): number {
  const byDate = consent.expiresAt ? Date.parse(consent.expiresAt) : Infinity;
  const byIdle =
    !consent.recurringIndicator && consent.lastUsedAt ? Date.parse(consent.lastUsedAt) + ONE_OFF_IDLE_MS : Infinity;
  return Math.min(byDate, byIdle);
}

/** Stored status, with expiry derived from the clock (consentEndsAt). */
export function effectiveStatus(consent: ConsentRecord, now: Date): ConsentStatus {
  if (consent.status !== 'valid') return consent.status;
  return now.getTime() >= consentEndsAt(consent) ? 'expired' : 'valid';
}

/**
 * When a consent approved at `now` stops working: 180 days on, or the end of an earlier validUntil,
 * or, without one, the shorter validity the bank profile gave it; never past the last instant the
 * clock can show, so `validUntil` keeps a four-digit year.
 */
export function expiryIfApprovedAt(consent: ConsentRecord, now: Date): Date {
  const ceiling = now.getTime() + CONSENT_CEILING_MS;
  // The last instant of the requested day: validUntil is inclusive.
  const requestedEnd = consent.requestedValidUntil ? dayStartMs(consent.requestedValidUntil) + DAY_MS - 1 : Infinity;
  const defaultEnd = consent.validityDays === undefined ? Infinity : now.getTime() + consent.validityDays * DAY_MS;
  return new Date(Math.min(ceiling, requestedEnd, defaultEnd, CLOCK_MAX_MS));
}

/** The requested lists narrowed to the IBANs a customer holds (spec "Scope rules" 3). */
export function heldOnly(lists: AccessLists, held: ReadonlySet<string>): AccessLists {
  const keep = (ibans: string[]) => ibans.filter((iban) => held.has(iban));
  return { accounts: keep(lists.accounts), balances: keep(lists.balances), transactions: keep(lists.transactions) };
}

/**
 * The customer approved: grant only the requested IBANs they hold and start the 180-day clock
 * at authentication, honouring an earlier validUntil.
 */
export function approve(consent: ConsentRecord, psuId: string, held: ReadonlySet<string>, now: Date): ConsentRecord {
  const expiresAt = expiryIfApprovedAt(consent, now);
  const at = now.toISOString();
  return {
    ...consent,
    status: 'valid',
    psuId,
    granted: heldOnly(consent.requested, held),
    authenticatedAt: at,
    expiresAt: expiresAt.toISOString(),
    validUntil: isoDate(expiresAt),
    statusChangedAt: at,
    lastActionAt: at,
  };
}

export function withStatus(consent: ConsentRecord, status: ConsentRecord['status'], now: Date): ConsentRecord {
  const at = now.toISOString();
  return { ...consent, status, statusChangedAt: at, lastActionAt: at };
}

/** Every IBAN a consent covers: account details are readable for any of them (spec "Scope rules" 1). */
export function coveredIbans(lists: AccessLists): Set<string> {
  return new Set([...lists.accounts, ...lists.balances, ...lists.transactions]);
}

/** Whether any data type of the lists names the IBAN (coveredIbans(lists).has(iban), without the set: account reads ask on every request). */
export function covers(lists: AccessLists, iban: string): boolean {
  return lists.accounts.includes(iban) || lists.balances.includes(iban) || lists.transactions.includes(iban);
}

/**
 * The consents that can supersede one another: one provider's valid recurring consents of one kind
 * granted by one customer (granted accounts are the customer's own and every account has one holder,
 * so equal account sets mean the same customer). Undefined: the consent neither supersedes nor is
 * superseded now. The store indexes consents by it (store/kinds.ts), so an approval finds its
 * candidates without looking over every consent.
 */
export function supersessionGroup(consent: ConsentRecord): string | undefined {
  return consent.status === 'valid' && consent.recurringIndicator && consent.psuId !== undefined
    ? `${consent.tpp}|${consent.kind}|${consent.psuId}`
    : undefined;
}

/**
 * Spec consent table: authorising a recurring consent moves the same provider's earlier valid
 * recurring consents covering the same accounts to terminatedByTpp. "The same accounts" is read
 * as the same set of IBANs; "earlier" as created at an earlier instant, so authorising the older of
 * two consents after the newer ends neither; one-off consents never supersede and are never superseded.
 * `others` may be any consents: those outside the approved consent's group are passed over.
 */
export function supersededBy(approved: ConsentRecord, others: Iterable<ConsentRecord>, now: Date): ConsentRecord[] {
  const group = supersessionGroup(approved);
  if (group === undefined || !approved.granted) return [];
  const mine = coveredIbans(approved.granted);
  if (mine.size === 0) return [];
  const result: ConsentRecord[] = [];
  for (const other of others) {
    if (other.consentId === approved.consentId || supersessionGroup(other) !== group) continue;
    if (Date.parse(other.createdAt) >= Date.parse(approved.createdAt)) continue;
    // Stored as valid, but perhaps past its expiry: the sandbox expires consents by time without storing it.
    if (!other.granted || effectiveStatus(other, now) !== 'valid') continue;
    const theirs = coveredIbans(other.granted);
    if (theirs.size === mine.size && [...theirs].every((iban) => mine.has(iban))) result.push(other);
  }
  return result;
}

/** Refuses account-data use of a consent that is not valid (spec "Authentication" 7, "Errors"). */
export function requireUsable(consent: ConsentRecord, now: Date): void {
  const status = effectiveStatus(consent, now);
  if (status === 'valid') return;
  if (status === 'expired') throw new XsError('CONSENT_EXPIRED', { text: 'The consent has expired.' });
  const reasonText: Record<string, string> = {
    received: 'The consent has not been authorised by the customer.',
    rejected: 'The customer declined the consent.',
    revokedByPsu: 'The consent has been revoked.',
    terminatedByTpp: 'The consent has been terminated.',
  };
  throw new XsError('CONSENT_INVALID', { text: reasonText[status] ?? 'The consent cannot be used.' });
}

/** Marks a successful account-data access: the one-off idle hour and lastActionDate count from it (`at`: now as ISO). */
export function used(consent: ConsentRecord, now: Date, at = now.toISOString()): ConsentRecord {
  return { ...consent, lastUsedAt: at, lastActionAt: at };
}
