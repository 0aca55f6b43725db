/**
 * Account data as the XS2A API answers it (spec "AccountList", "AccountDetails", "BalanceResponse",
 * "TransactionsResponse"): amounts in EUR with two decimals, the ledger's rows as transactions.
 */
import { formatCents } from '../../../contract/index.js';
import type { AccountLedger, LedgerEntry } from '../../ledger/ledger.js';
import { encodeEntryReference } from '../../paging/entry-reference.js';
import type { TransactionsPage } from '../../paging/transactions-page.js';
import type { SeedAccount } from '../../seed/customers.js';

const amountOf = (cents: number) => ({ currency: 'EUR', amount: formatCents(cents) });
const reference = (account: SeedAccount) => ({ iban: account.iban, currency: account.currency });

export function accountDetails(account: SeedAccount) {
  return {
    resourceId: account.resourceId,
    iban: account.iban,
    currency: account.currency,
    name: account.name,
    product: account.product,
    cashAccountType: account.cashAccountType,
  };
}

/** closingBooked and interimAvailable (booked plus pending), changed when the ledger last moved. */
export function balancesView(account: SeedAccount, ledger: AccountLedger, changedAt: string) {
  return {
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
  };
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

export function transactionsView(account: SeedAccount, page: TransactionsPage) {
  return {
    account: reference(account),
    transactions: {
      ...(page.booked ? { booked: page.booked.map(transaction) } : {}),
      ...(page.pending ? { pending: page.pending.map(transaction) } : {}),
      // Berlin Group's AccountReport always carries _links with the account; next only when more history exists.
      _links: {
        account: { href: `/v1/accounts/${account.resourceId}` },
        ...(page.next ? { next: { href: page.next } } : {}),
      },
    },
  };
}
