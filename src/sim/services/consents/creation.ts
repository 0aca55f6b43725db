/**
 * A consent comes into being (spec "ConsentRequest", "Behaviour notes: Consents" 1): stored with its
 * authorisation, implicitly started, and answered with the customer's scaRedirect (CoF: ../cof/).
 */
import { randomUUID } from 'node:crypto';
import type { ConsentRequest } from '../../../contract/index.js';
import type { UnitOfWork } from '../../bank/unit-of-work.js';
import type { SandboxContext } from '../../context.js';
import { newConsent } from '../../rules/consents.js';
import { newAuthorisation } from '../../rules/sca.js';
import type { ConsentRecord } from '../../store/data.js';
import { saveAuthorisation } from '../sca/save.js';
import { newState } from '../sca/state.js';
import { saveConsent } from './save.js';
import { creationView } from './view.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type ConsentCreationContext = Pick<
  SandboxContext,
  'store' | 'clock' | 'events' | 'addresses' | 'behaviour' | 'bank'
>;

/** A consent request as the API's edge read it: headers and body well-formed (contract/request-headers.ts, consent-request.ts). */
export interface ConsentCreationInput {
  redirectUri: string;
  nokRedirectUri: string | undefined;
  request: ConsentRequest;
}

export function createConsent(ctx: ConsentCreationContext, tpp: string, input: ConsentCreationInput) {
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

/** Stores a consent with its authorisation (implicit start) and answers the creation. */
export function storeNewConsent(
  ctx: Pick<ConsentCreationContext, 'store' | 'clock' | 'events' | 'addresses' | 'behaviour'>,
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
    state: newState(ctx.behaviour),
    now,
  });
  const consent = saveConsent(ctx, uow, make(consentId, authorisation.authorisationId));
  saveAuthorisation(ctx, uow, authorisation);
  return creationView(ctx, consent, authorisation);
}
