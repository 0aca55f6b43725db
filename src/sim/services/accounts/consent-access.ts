/**
 * What account data may be read under a consent (spec "Authentication" 7, "AccountAccess"): the
 * consent must be the caller's and valid, cover the account and grant the data type.
 */
import { XsError } from '../../../contract/index.js';
import type { SandboxContext } from '../../context.js';
import { covers, requireUsable, type DataType } from '../../rules/consents.js';
import type { SeedAccount } from '../../seed/customers.js';
import type { ConsentRecord } from '../../store/data.js';
import { ownConsent } from '../consents/lookup.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type AccountConsentAccessContext = Pick<SandboxContext, 'store' | 'clock' | 'world' | 'behaviour'>;

/** Who asks, under which consent, and whether attended (PSU-IP-Address sent): read at the API's edge. */
export interface AccessInput {
  tpp: string;
  consentId: string;
  attended: boolean;
}

export function usableConsent(
  ctx: Pick<AccountConsentAccessContext, 'store' | 'clock' | 'behaviour'>,
  input: AccessInput,
): ConsentRecord {
  // The caller's own CoF consent is CONSENT_UNKNOWN (the wrong kind) unless the bank profile
  // answers it as a consent not usable here (`consent.cofOnAccountData`).
  const stored = ctx.store.get('consents', input.consentId);
  if (ctx.behaviour.cofOnAccountData === 'CONSENT_INVALID' && stored?.tpp === input.tpp && stored.kind === 'cof') {
    throw new XsError('CONSENT_INVALID', { text: 'A confirmation-of-funds consent cannot be used for account data.' });
  }
  const consent = ownConsent(ctx, input.tpp, input.consentId);
  requireUsable(consent, ctx.clock.now());
  return consent;
}

/**
 * What a client needs when its account_id is none of the consent's accounts: an account_id is the
 * resourceId from the account list (Path parameters), and an IBAN there is not recognised. One text
 * for an uncovered, an unknown and an IBAN in its place, so the answer tells nothing about which it was.
 */
const ACCOUNT_ID =
  'an account_id is the resourceId of an account in GET /v1/accounts under this consent, never an IBAN.';

/** The one refusal of an account outside the consent, in the form the bank profile gives it (`consent.accountOutside`). */
function outsideConsent(ctx: Pick<AccountConsentAccessContext, 'behaviour'>): XsError {
  return ctx.behaviour.accountOutside === 'RESOURCE_UNKNOWN'
    ? new XsError('RESOURCE_UNKNOWN', { status: 403, text: `No such account_id: ${ACCOUNT_ID}` })
    : new XsError('CONSENT_INVALID', { text: `This account_id is not one of the consent's accounts: ${ACCOUNT_ID}` });
}

/** An account the consent covers; unknown ids (an IBAN included) answer the same as uncovered ones. */
export function coveredAccount(
  ctx: Pick<AccountConsentAccessContext, 'world' | 'behaviour'>,
  consent: ConsentRecord,
  resourceId: string,
  dataType: DataType,
): SeedAccount {
  const account = ctx.world.seed.accountByResourceId(resourceId);
  const granted = consent.granted;
  if (!account || !granted || !covers(granted, account.iban)) throw outsideConsent(ctx);
  if (dataType !== 'accounts' && !granted[dataType].includes(account.iban)) {
    throw new XsError('CONSENT_INVALID', { text: `The consent does not grant ${dataType} for this account.` });
  }
  return account;
}
