/**
 * Account data under a consent (spec "Authentication" 7, "AccountAccess", "Limits"): the consent
 * must be the caller's, valid, cover the account and grant the data type; then the unattended
 * budget is judged. Every check happens before anything is consumed or recorded, and the budget
 * is counted synchronously so parallel requests can never let a fifth access through.
 */
import { XsError } from '../../../contract/index.js';
import type { SandboxContext } from '../../context.js';
import { transactionsPage, type PageRequest } from '../../paging/transactions-page.js';
import { covers, coveredIbans, requireUsable, type DataType } from '../../rules/consents.js';
import type { SeedAccount } from '../../seed/customers.js';
import type { ConsentRecord } from '../../store/data.js';
import { ownConsent } from '../consents/lookup.js';
import { spend } from './access.js';
import { accountDetails, balancesView, transactionsView } from './view.js';

/** Who asks, under which consent, and whether attended (PSU-IP-Address sent): read at the API's edge. */
export interface AccessInput {
  tpp: string;
  consentId: string;
  attended: boolean;
}

function usableConsent(ctx: SandboxContext, input: AccessInput): ConsentRecord {
  // The caller's own CoF consent is CONSENT_UNKNOWN (the wrong kind) unless the bank profile
  // answers it as a consent not usable here (`consent.cofOnAccountData`).
  const stored = ctx.store.data.consents[input.consentId];
  if (ctx.behaviour.cofOnAccountData === 'CONSENT_INVALID' && stored?.tpp === input.tpp && stored.kind === 'cof') {
    throw new XsError('CONSENT_INVALID', { text: 'A confirmation-of-funds consent cannot be used for account data.' });
  }
  const consent = ownConsent(ctx, input.tpp, input.consentId);
  requireUsable(consent, ctx.clock.now());
  return consent;
}

/** The one refusal of an account outside the consent, in the form the bank profile gives it (`consent.accountOutside`). */
function outsideConsent(ctx: SandboxContext): XsError {
  return ctx.behaviour.accountOutside === 'RESOURCE_UNKNOWN'
    ? new XsError('RESOURCE_UNKNOWN', { status: 403, text: 'No such account.' })
    : new XsError('CONSENT_INVALID', { text: 'The consent does not cover this account.' });
}

/** An account the consent covers; unknown ids (an IBAN included) answer the same as uncovered ones. */
function coveredAccount(
  ctx: SandboxContext,
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

export function listAccounts(ctx: SandboxContext, input: AccessInput) {
  return ctx.bank.transact((uow) => {
    const consent = usableConsent(ctx, input);
    const ibans = [...coveredIbans(consent.granted ?? { accounts: [], balances: [], transactions: [] })];
    const accounts = ibans.flatMap((iban) => {
      const account = ctx.world.seed.accountByIban(iban);
      return account ? [accountDetails(account)] : [];
    });
    return spend(ctx, uow, consent, 'accounts', input.attended, { accounts });
  });
}

export function readAccount(ctx: SandboxContext, input: AccessInput, resourceId: string) {
  return ctx.bank.transact((uow) => {
    const consent = usableConsent(ctx, input);
    const account = coveredAccount(ctx, consent, resourceId, 'accounts');
    return spend(ctx, uow, consent, 'accounts', input.attended, { account: accountDetails(account) });
  });
}

export function readBalances(ctx: SandboxContext, input: AccessInput, resourceId: string) {
  return ctx.bank.transact((uow) => {
    const consent = usableConsent(ctx, input);
    const account = coveredAccount(ctx, consent, resourceId, 'balances');
    const ledger = ctx.world.ledgers.ledger(account);
    const changedAt = ledger.lastChangeAt ?? `${ctx.world.seed.anchor}T00:00:00.000Z`;
    return spend(ctx, uow, consent, 'balances', input.attended, balancesView(account, ledger, changedAt));
  });
}

export function readTransactions(ctx: SandboxContext, input: AccessInput, resourceId: string, request: PageRequest) {
  return ctx.bank.transact((uow) => {
    const consent = usableConsent(ctx, input);
    const account = coveredAccount(ctx, consent, resourceId, 'transactions');
    const page = transactionsPage(ctx.world.ledgers.ledger(account), account.resourceId, request, {
      order: ctx.behaviour.transactionsOrder,
      dateTo: ctx.behaviour.dateTo,
    });
    return spend(ctx, uow, consent, 'transactions', input.attended, transactionsView(account, page));
  });
}
