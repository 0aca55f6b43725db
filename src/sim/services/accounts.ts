/**
 * Account data under a consent (spec "Authentication" 7, "AccountAccess", "Limits"): the consent
 * must be the caller's, valid, cover the account and grant the data type; then the unattended
 * budget is judged. Every check happens before anything is consumed or recorded, and the budget
 * is counted synchronously so parallel requests can never let a fifth access through.
 */
import { formatCents, XsError } from '../../contract/index.js';
import type { SandboxContext } from '../context.js';
import {
  encodeEntryReference,
  pageTransactions,
  PAGE_SIZE,
  type AccountLedger,
  type LedgerEntry,
  type PageQuery,
} from '../ledger/index.js';
import { covers, coveredIbans, requireUsable, type DataType } from '../rules/consents.js';
import type { TransactionsQuery } from '../../contract/transactions-query.js';
import type { SeedAccount } from '../seed/customers.js';
import type { ConsentRecord } from '../store/data.js';
import { spend, type Answer } from './access.js';
import { ownConsent } from './consents.js';

export type { Answer };

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
  const account = ctx.seed.accountByResourceId(resourceId);
  const granted = consent.granted;
  if (!account || !granted || !covers(granted, account.iban)) throw outsideConsent(ctx);
  if (dataType !== 'accounts' && !granted[dataType].includes(account.iban)) {
    throw new XsError('CONSENT_INVALID', { text: `The consent does not grant ${dataType} for this account.` });
  }
  return account;
}

function details(account: SeedAccount) {
  return {
    resourceId: account.resourceId,
    iban: account.iban,
    currency: account.currency,
    name: account.name,
    product: account.product,
    cashAccountType: account.cashAccountType,
  };
}

export function listAccounts(ctx: SandboxContext, input: AccessInput) {
  return ctx.bank.transact((uow) => {
    const consent = usableConsent(ctx, input);
    const ibans = [...coveredIbans(consent.granted ?? { accounts: [], balances: [], transactions: [] })];
    const accounts = ibans.flatMap((iban) => {
      const account = ctx.seed.accountByIban(iban);
      return account ? [details(account)] : [];
    });
    return spend(ctx, uow, consent, 'accounts', input.attended, { accounts });
  });
}

export function readAccount(ctx: SandboxContext, input: AccessInput, resourceId: string) {
  return ctx.bank.transact((uow) => {
    const consent = usableConsent(ctx, input);
    const account = coveredAccount(ctx, consent, resourceId, 'accounts');
    return spend(ctx, uow, consent, 'accounts', input.attended, { account: details(account) });
  });
}

const reference = (account: SeedAccount) => ({ iban: account.iban, currency: account.currency });
const amountOf = (cents: number) => ({ currency: 'EUR', amount: formatCents(cents) });

export function readBalances(ctx: SandboxContext, input: AccessInput, resourceId: string) {
  return ctx.bank.transact((uow) => {
    const consent = usableConsent(ctx, input);
    const account = coveredAccount(ctx, consent, resourceId, 'balances');
    const ledger = ctx.ledgers.ledger(account);
    const changedAt = ledger.lastChangeAt ?? `${ctx.seed.anchor}T00:00:00.000Z`;
    return spend(ctx, uow, consent, 'balances', input.attended, {
      account: reference(account),
      balances: [
        {
          balanceType: 'closingBooked',
          balanceAmount: amountOf(ledger.bookedBalanceCents),
          lastChangeDateTime: changedAt,
        },
        {
          balanceType: 'interimAvailable',
          balanceAmount: amountOf(ledger.bookedBalanceCents + ledger.pendingCents),
          lastChangeDateTime: changedAt,
        },
      ],
    });
  });
}

function transaction(entry: LedgerEntry) {
  return {
    transactionId: entry.transactionId,
    entryReference: encodeEntryReference(entry.seq),
    transactionAmount: amountOf(entry.amountCents),
    ...(entry.bookingDate ? { bookingDate: entry.bookingDate } : {}),
    valueDate: entry.valueDate,
    ...(entry.creditorName ? { creditorName: entry.creditorName } : {}),
    ...(entry.debtorName ? { debtorName: entry.debtorName } : {}),
    remittanceInformationUnstructured: entry.remittanceInformationUnstructured,
  };
}

/** How the bank profile lists transactions: their order (`transactions.order`) and what dateTo means (`transactions.dateTo`). */
interface Listing {
  order: 'newest-first' | 'oldest-first';
  dateTo: 'inclusive' | 'exclusive';
}

function page(ledger: AccountLedger, resourceId: string, query: TransactionsQuery, listing: Listing) {
  if (query.from !== undefined && query.from > ledger.lastSeq) {
    throw new XsError('FORMAT_ERROR', {
      path: 'entryReferenceFrom',
      text: 'entryReferenceFrom names no transaction of this account.',
    });
  }
  const filters: PageQuery = {
    bookingStatus: query.bookingStatus,
    order: listing.order,
    ...(query.dateFrom ? { dateFrom: query.dateFrom } : {}),
    ...(query.dateTo ? { dateTo: query.dateTo, dateToExclusive: listing.dateTo === 'exclusive' } : {}),
  };
  // entryReferenceFrom leads away from the first page: to older rows newest-first, to newer ones oldest-first.
  const from =
    query.from === undefined ? {} : listing.order === 'oldest-first' ? { after: query.from } : { before: query.from };
  const result = pageTransactions(ledger, { ...filters, ...from, limit: PAGE_SIZE });
  // Spec "Paging rules" 2-4: next continues after the last row of the page (before it, newest
  // first), so no row is repeated or skipped; it carries every original filter, and is omitted at the end.
  const cursor = result.next;
  const next =
    cursor === undefined
      ? undefined
      : `/v1/accounts/${resourceId}/transactions?${new URLSearchParams({ ...query.given, entryReferenceFrom: encodeEntryReference(cursor) }).toString()}`;
  return {
    ...(query.bookingStatus !== 'pending' ? { booked: result.booked.map(transaction) } : {}),
    ...(query.bookingStatus !== 'booked' ? { pending: result.pending.map(transaction) } : {}),
    // Berlin Group's AccountReport always carries _links with the account; next only when more history exists.
    _links: { account: { href: `/v1/accounts/${resourceId}` }, ...(next ? { next: { href: next } } : {}) },
  };
}

export function readTransactions(
  ctx: SandboxContext,
  input: AccessInput,
  resourceId: string,
  query: TransactionsQuery,
) {
  return ctx.bank.transact((uow) => {
    const consent = usableConsent(ctx, input);
    const account = coveredAccount(ctx, consent, resourceId, 'transactions');
    const transactions = page(ctx.ledgers.ledger(account), resourceId, query, {
      order: ctx.behaviour.transactionsOrder,
      dateTo: ctx.behaviour.dateTo,
    });
    return spend(ctx, uow, consent, 'transactions', input.attended, { account: reference(account), transactions });
  });
}
