/**
 * A page of GET transactions (spec "Query parameters of GET transactions", "Paging rules"): the
 * cursor a client sends back (entryReferenceFrom, entry-reference.ts) is read with the rest of the
 * query, before the consent is looked at; the page is walked over the account's ledger
 * (keyset.ts) in the order the bank profile lists transactions; `next` continues after the page's
 * last row, carries every original filter, and is there only while more rows exist.
 */
import type { ParsedUrlQuery } from 'node:querystring';
import { XsError } from '../../contract/index.js';
import { readTransactionsQuery, type TransactionsQuery } from '../../contract/transactions-query.js';
import type { AccountLedger, LedgerEntry } from '../ledger/ledger.js';
import { decodeEntryReference, encodeEntryReference } from './entry-reference.js';
import { PAGE_SIZE, pageTransactions, type PageQuery } from './keyset.js';

/** The query of GET transactions, its cursor read: the seq of the entry entryReferenceFrom names. */
export interface PageRequest extends TransactionsQuery {
  from: number | undefined;
}

/** How the bank profile lists transactions: their order (`transactions.order`) and what dateTo means (`transactions.dateTo`). */
export interface Listing {
  order: 'newest-first' | 'oldest-first';
  dateTo: 'inclusive' | 'exclusive';
}

export interface TransactionsPage {
  /** Undefined when the query asked for pending rows only. */
  booked: LedgerEntry[] | undefined;
  /** Undefined when the query asked for booked rows only. */
  pending: LedgerEntry[] | undefined;
  /** The path of the next page, while more matching rows exist. */
  next: string | undefined;
}

/** Reads the query, a malformed entryReferenceFrom refused with its path. */
export function readPageRequest(raw: ParsedUrlQuery): PageRequest {
  const query = readTransactionsQuery(raw);
  const reference = query.entryReferenceFrom;
  const from = reference === undefined ? undefined : decodeEntryReference(reference);
  if (reference !== undefined && from === undefined) {
    throw new XsError('FORMAT_ERROR', {
      path: 'entryReferenceFrom',
      text: 'entryReferenceFrom is not an entryReference of this service.',
    });
  }
  return { ...query, from };
}

export function transactionsPage(
  ledger: AccountLedger,
  resourceId: string,
  request: PageRequest,
  listing: Listing,
): TransactionsPage {
  if (request.from !== undefined && request.from > ledger.lastSeq) {
    throw new XsError('FORMAT_ERROR', {
      path: 'entryReferenceFrom',
      text: 'entryReferenceFrom names no transaction of this account.',
    });
  }
  const filters: PageQuery = {
    bookingStatus: request.bookingStatus,
    order: listing.order,
    ...(request.dateFrom ? { dateFrom: request.dateFrom } : {}),
    ...(request.dateTo ? { dateTo: request.dateTo, dateToExclusive: listing.dateTo === 'exclusive' } : {}),
  };
  // entryReferenceFrom leads away from the first page: to older rows newest-first, to newer ones oldest-first.
  const from =
    request.from === undefined
      ? {}
      : listing.order === 'oldest-first'
        ? { after: request.from }
        : { before: request.from };
  const page = pageTransactions(ledger, { ...filters, ...from, limit: PAGE_SIZE });
  const next =
    page.next === undefined
      ? undefined
      : new URLSearchParams({ ...request.given, entryReferenceFrom: encodeEntryReference(page.next) }).toString();
  return {
    booked: request.bookingStatus !== 'pending' ? page.booked : undefined,
    pending: request.bookingStatus !== 'booked' ? page.pending : undefined,
    next: next === undefined ? undefined : `/v1/accounts/${resourceId}/transactions?${next}`,
  };
}
