/**
 * Consents as the XS2A API answers them (spec "ConsentsResponse", "ConsentResponse",
 * "FundsConfirmationConsentResponse"): the creation's answer, and a consent read back (the grant once
 * authorised, the request before; a CoF consent reads back `account` instead of `access`).
 */
import { dayOf, isoDate } from '../../../contract/dates.js';
import type { ConsentStatus } from '../../../contract/index.js';
import type { SandboxContext } from '../../context.js';
import { consentEndsAt, DATA_TYPES, effectiveStatus, expiryIfApprovedAt, type DataType } from '../../rules/consents.js';
import type { AuthorisationRecord, ConsentRecord } from '../../store/data.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type ConsentViewContext = Pick<SandboxContext, 'addresses'>;

const baseOf = (consent: ConsentRecord) =>
  consent.kind === 'cof'
    ? `/v1/consents/confirmation-of-funds/${consent.consentId}`
    : `/v1/consents/${consent.consentId}`;

/** The 201 of a creation: the consent, its implicitly started authorisation and where the customer goes. */
export function creationView(ctx: ConsentViewContext, consent: ConsentRecord, authorisation: AuthorisationRecord) {
  const base = baseOf(consent);
  return {
    consentId: consent.consentId,
    consentStatus: 'received' as const,
    authorisationId: authorisation.authorisationId,
    _links: {
      scaRedirect: {
        href: `${ctx.addresses.portalUrl}/sca/${authorisation.authorisationId}?state=${authorisation.state}`,
      },
      self: { href: base },
      status: { href: `${base}/status` },
      // Spec "Versioning" 4: link shapes are not a contract; for both kinds this link answers {scaStatus}.
      scaStatus: { href: `${base}/authorisations/${authorisation.authorisationId}` },
    },
  };
}

function lastActionDate(consent: ConsentRecord, status: ConsentStatus): string {
  return status === 'expired' ? isoDate(consentEndsAt(consent)) : dayOf(consent.lastActionAt);
}

function references(consent: ConsentRecord, ibans: string[]) {
  return ibans.map((iban) => (consent.currencies[iban] ? { iban, currency: consent.currencies[iban] } : { iban }));
}

function cofConsentView(consent: ConsentRecord, cof: NonNullable<ConsentRecord['cof']>, now: Date) {
  const status = effectiveStatus(consent, now);
  const base = baseOf(consent);
  return {
    consentId: consent.consentId,
    consentStatus: status,
    // Spec "FundsConfirmationConsentRequest": omitted means the full ceiling; read it back here.
    validUntil: consent.validUntil ?? consent.requestedValidUntil ?? isoDate(expiryIfApprovedAt(consent, now)),
    lastActionDate: lastActionDate(consent, status),
    account: cof.currency ? { iban: cof.iban, currency: cof.currency } : { iban: cof.iban },
    _links: { self: { href: base }, status: { href: `${base}/status` } },
  };
}

function aisConsentView(consent: ConsentRecord, now: Date) {
  const status = effectiveStatus(consent, now);
  const lists = consent.granted ?? consent.requested;
  const access: Partial<Record<DataType, { iban: string; currency?: string }[]>> = {};
  for (const type of DATA_TYPES) if (lists[type].length > 0) access[type] = references(consent, lists[type]);
  const validUntil = consent.validUntil ?? consent.requestedValidUntil;
  return {
    consentId: consent.consentId,
    consentStatus: status,
    recurringIndicator: consent.recurringIndicator,
    ...(validUntil ? { validUntil } : {}),
    frequencyPerDay: consent.frequencyPerDay,
    lastActionDate: lastActionDate(consent, status),
    access,
    _links: {
      self: { href: `/v1/consents/${consent.consentId}` },
      status: { href: `/v1/consents/${consent.consentId}/status` },
    },
  };
}

/** GET /v1/consents/{id} and GET /v1/consents/confirmation-of-funds/{id}. */
export function consentView(consent: ConsentRecord, now: Date) {
  return consent.cof ? cofConsentView(consent, consent.cof, now) : aisConsentView(consent, now);
}
