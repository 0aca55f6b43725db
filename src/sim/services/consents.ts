/** Account-information consents for one provider: create, read, delete (spec "Endpoints", "Behaviour notes: Consents"). */
import { randomUUID } from 'node:crypto';
import { XsError, type ConsentRequest } from '../../contract/index.js';
import type { SandboxContext } from '../context.js';
import { emitAuthorisation, emitConsent } from './change-events.js';
import { notifyRevocation } from './callbacks.js';
import { consentView, coveredIbans, DATA_TYPES, effectiveStatus, newConsent, withStatus } from '../rules/consents.js';
import { finished, isOpen, newAuthorisation, servedScaStatus } from '../rules/sca.js';
import type { UnitOfWork } from '../bank/unit-of-work.js';
import type { AuthorisationRecord, ConsentRecord } from '../store/data.js';

/** One fixed refusal for unknown and foreign consents: the bodies must be byte-identical (spec "Behaviour notes" 2). */
const unknownConsent = () => new XsError('CONSENT_UNKNOWN', { text: 'The consent is unknown.' });

/** A consent request as the API's edge read it: headers and body well-formed (contract/request-headers.ts, consent-request.ts). */
export interface ConsentCreationInput {
  redirectUri: string;
  nokRedirectUri: string | undefined;
  request: ConsentRequest;
}

export function createConsent(ctx: SandboxContext, tpp: string, input: ConsentCreationInput) {
  const { redirectUri, nokRedirectUri, request } = input;
  return ctx.bank.transact((uow) => {
    const now = ctx.clock.now();
    // The defaults the spec leaves open, as the bank profile serves them (a profile that requires
    // them refused their absence at the edge: contract/consent-request.ts).
    const { recurringIndicatorDefault, validUntilDefault } = ctx.behaviour;
    const defaults = {
      ...(typeof recurringIndicatorDefault === 'boolean' ? { recurringDefault: recurringIndicatorDefault } : {}),
      ...(validUntilDefault === '90-days' ? { validityDays: 90 } : {}),
    };
    return storeNewConsent(ctx, uow, tpp, now, (consentId, authorisationId) =>
      newConsent({ consentId, authorisationId, tpp, request, redirectUri, nokRedirectUri, now, ...defaults }),
    );
  });
}

/** Stores a consent with its authorisation (implicit start, spec "Behaviour notes: Consents" 1) and answers the creation. */
export function storeNewConsent(
  ctx: SandboxContext,
  uow: UnitOfWork,
  tpp: string,
  now: Date,
  make: (consentId: string, authorisationId: string) => ConsentRecord,
) {
  const consentId = randomUUID();
  const authorisation = newAuthorisation({
    authorisationId: randomUUID(),
    parent: { kind: 'consent', id: consentId },
    tpp,
    // A new UUID v4 for every authorisation (spec "Authorisation hand-over" 1).
    state: randomUUID(),
    now,
  });
  const consent = make(consentId, authorisation.authorisationId);
  uow.put('consents', consentId, consent);
  uow.put('authorisations', authorisation.authorisationId, authorisation);
  uow.afterCommit(() => {
    emitConsent(ctx, consent);
    emitAuthorisation(ctx, authorisation);
  });
  const base = consent.kind === 'cof' ? `/v1/consents/confirmation-of-funds/${consentId}` : `/v1/consents/${consentId}`;
  return {
    consentId,
    consentStatus: 'received' as const,
    authorisationId: authorisation.authorisationId,
    _links: {
      scaRedirect: { href: `${ctx.portalUrl}/sca/${authorisation.authorisationId}?state=${authorisation.state}` },
      self: { href: base },
      status: { href: `${base}/status` },
      // Spec "Versioning" 4: link shapes are not a contract; for both kinds this link answers {scaStatus}.
      scaStatus: { href: `${base}/authorisations/${authorisation.authorisationId}` },
    },
  };
}

/**
 * The caller's own consent of the kind the endpoint serves, or CONSENT_UNKNOWN for anything else:
 * unknown, another provider's, or the other kind (spec "Behaviour notes: Consents" 2-3).
 */
export function ownConsent(
  ctx: SandboxContext,
  tpp: string,
  consentId: string | undefined,
  kind: ConsentRecord['kind'] = 'ais',
): ConsentRecord {
  const consent = consentId === undefined ? undefined : ctx.store.data.consents[consentId];
  if (!consent || consent.tpp !== tpp || consent.kind !== kind) throw unknownConsent();
  return consent;
}

export function readConsent(ctx: SandboxContext, tpp: string, consentId: string, kind: ConsentRecord['kind'] = 'ais') {
  return consentView(ownConsent(ctx, tpp, consentId, kind), ctx.clock.now());
}

export function consentStatus(
  ctx: SandboxContext,
  tpp: string,
  consentId: string,
  kind: ConsentRecord['kind'] = 'ais',
) {
  return { consentStatus: effectiveStatus(ownConsent(ctx, tpp, consentId, kind), ctx.clock.now()) };
}

export function consentAuthorisations(
  ctx: SandboxContext,
  tpp: string,
  consentId: string,
  kind: ConsentRecord['kind'] = 'ais',
) {
  const consent = ownConsent(ctx, tpp, consentId, kind);
  return { authorisationIds: [consent.authorisationId] };
}

export function consentAuthorisation(
  ctx: SandboxContext,
  tpp: string,
  consentId: string,
  authorisationId: string,
  kind: ConsentRecord['kind'] = 'ais',
) {
  const consent = ownConsent(ctx, tpp, consentId, kind);
  const authorisation: AuthorisationRecord | undefined = ctx.store.data.authorisations[authorisationId];
  if (consent.authorisationId !== authorisationId || !authorisation) {
    throw new XsError('RESOURCE_UNKNOWN', { text: 'The consent has no such authorisation.' });
  }
  return { scaStatus: servedScaStatus(authorisation, ctx.clock.now(), ctx.behaviour.scaStatusAfterExpiry) };
}

/**
 * DELETE by the holder: a valid consent becomes terminatedByTpp at once, without notification.
 * The spec does not show other states: a received consent is terminated too (the provider gives
 * up before the customer finished, and its authorisation fails); a consent already ended stays as
 * it is, and the call still answers 204 (the provider's intent holds). That is the default of the
 * bank profile's `consent.deleteNotValid` (received-too); valid-only refuses all but valid.
 */
export function deleteConsent(
  ctx: SandboxContext,
  tpp: string,
  consentId: string,
  kind: ConsentRecord['kind'] = 'ais',
): Promise<void> {
  return ctx.bank.transact((uow) => {
    const consent = ownConsent(ctx, tpp, consentId, kind);
    const now = ctx.clock.now();
    const status = effectiveStatus(consent, now);
    // A bank that accepts DELETE only on a valid consent (profile `consent.deleteNotValid`) changes nothing else.
    if (status !== 'valid' && ctx.behaviour.deleteNotValid === 'valid-only')
      throw new XsError('CONSENT_INVALID', { text: `Only a valid consent can be deleted; this one is ${status}.` });
    if (status !== 'valid' && status !== 'received') return;
    const terminated = withStatus(consent, 'terminatedByTpp', now);
    uow.put('consents', consentId, terminated);
    const authorisation = uow.data.authorisations[consent.authorisationId];
    if (status === 'received' && authorisation && isOpen(authorisation, now)) {
      const failed = finished(authorisation, 'failed', now);
      uow.put('authorisations', failed.authorisationId, failed);
      uow.afterCommit(() => emitAuthorisation(ctx, failed));
    }
    uow.afterCommit(() => emitConsent(ctx, terminated));
  });
}

/**
 * The customer revokes in the portal, or the service revokes on support or compliance grounds:
 * valid → revokedByPsu at once, the same for both causes (spec consent table), then a callback if
 * the provider registered one. The consent stops working whatever happens to the delivery.
 */
export function revokeConsent(
  ctx: SandboxContext,
  consentId: string,
): Promise<{ consentId: string; consentStatus: 'revokedByPsu' }> {
  return ctx.bank.transact((uow) => revoke(ctx, uow, consentId));
}

function revoke(
  ctx: SandboxContext,
  uow: UnitOfWork,
  consentId: string,
): { consentId: string; consentStatus: 'revokedByPsu' } {
  const consent = uow.data.consents[consentId];
  if (!consent) throw new XsError('RESOURCE_UNKNOWN', { text: 'No such consent.' });
  const now = ctx.clock.now();
  const status = effectiveStatus(consent, now);
  if (status !== 'valid')
    throw new XsError('FORMAT_ERROR', { text: `Only a valid consent can be revoked; this one is ${status}.` });
  const revoked = withStatus(consent, 'revokedByPsu', now);
  uow.put('consents', consentId, revoked);
  uow.afterCommit(() => emitConsent(ctx, revoked));
  notifyRevocation(ctx, uow, revoked, now);
  return { consentId, consentStatus: 'revokedByPsu' };
}

/** Every consent in the sandbox, newest first, for the control API (and the portal and demo later). */
export function consentsView(ctx: SandboxContext) {
  const now = ctx.clock.now();
  return Object.values(ctx.store.data.consents)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .map((consent) => ({
      consentId: consent.consentId,
      kind: consent.kind,
      tpp: consent.tpp,
      consentStatus: effectiveStatus(consent, now),
      psuId: consent.psuId ?? null,
      recurringIndicator: consent.recurringIndicator,
      validUntil: consent.validUntil ?? consent.requestedValidUntil ?? null,
      createdAt: consent.createdAt,
    }));
}

/** The consents a customer approved, as their portal lists them. */
export function consentsOfCustomer(ctx: SandboxContext, psuId: string) {
  const now = ctx.clock.now();
  return Object.values(ctx.store.data.consents)
    .filter((consent) => consent.psuId === psuId)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .map((consent) => {
      const granted = consent.granted ?? { accounts: [], balances: [], transactions: [] };
      const status = effectiveStatus(consent, now);
      return {
        consentId: consent.consentId,
        providerName: ctx.store.data.providers[consent.tpp]?.name ?? consent.tpp,
        accounts: [...coveredIbans(granted)].map((iban) => ({
          iban,
          types: DATA_TYPES.filter((type) => granted[type].includes(iban)),
        })),
        recurring: consent.recurringIndicator,
        validUntil: consent.validUntil ?? null,
        status,
        revocable: status === 'valid',
      };
    });
}

/** The portal's revoke: only the customer who approved a consent can revoke it. */
export function revokeByCustomer(ctx: SandboxContext, psuId: string, consentId: string) {
  return ctx.bank.transact((uow) => {
    if (uow.data.consents[consentId]?.psuId !== psuId)
      throw new XsError('RESOURCE_UNKNOWN', { text: 'No such consent.' });
    return revoke(ctx, uow, consentId);
  });
}
