/**
 * Account data under a consent (spec "Authentication" 7, "AccountAccess", "Limits"): the consent
 * must be the caller's, valid, cover the account and grant the data type; then the unattended
 * budget is judged. Every check happens before anything is consumed or recorded, and the budget
 * is counted synchronously so parallel requests can never let a fifth access through.
 */
import type { SandboxContext } from '../../context.js';
import { transactionsPage, type PageRequest } from '../../paging/transactions-page.js';
import { coveredIbans } from '../../rules/consents.js';
import { spend } from './access.js';
import { coveredAccount, usableConsent, type AccessInput } from './consent-access.js';
import { accountDetails, balancesView, transactionsView } from './view.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type AccountReadsContext = Pick<SandboxContext, 'store' | 'clock' | 'events' | 'world' | 'behaviour' | 'bank'>;

export function listAccounts(ctx: AccountReadsContext, input: AccessInput) {
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

export function readAccount(ctx: AccountReadsContext, input: AccessInput, resourceId: string) {
  return ctx.bank.transact((uow) => {
    const consent = usableConsent(ctx, input);
    const account = coveredAccount(ctx, consent, resourceId, 'accounts');
    return spend(ctx, uow, consent, 'accounts', input.attended, { account: accountDetails(account) });
  });
}

export function readBalances(ctx: AccountReadsContext, input: AccessInput, resourceId: string) {
  return ctx.bank.transact((uow) => {
    const consent = usableConsent(ctx, input);
    const account = coveredAccount(ctx, consent, resourceId, 'balances');
    const ledger = ctx.world.ledgers.ledger(account);
    const changedAt = ledger.lastChangeAt ?? `${ctx.world.seed.anchor}T00:00:00.000Z`;
    return spend(ctx, uow, consent, 'balances', input.attended, balancesView(account, ledger, changedAt));
  });
}

export function readTransactions(
  ctx: AccountReadsContext,
  input: AccessInput,
  resourceId: string,
  request: PageRequest,
) {
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
