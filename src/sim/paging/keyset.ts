/**
 * One page of an account's transactions, newest first (highest seq first) or, when the bank
 * profile lists them oldest first, lowest seq first; keyset-paged on seq (spec "Query parameters
 * of GET transactions", "Paging rules"). A page costs two binary searches per array plus a walk of
 * at most limit + 1 matching rows in either order: never a scan over the whole history.
 */
import { entryDate, type AccountLedger, type LedgerEntry } from '../ledger/ledger.js';

/** Spec "Paging rules" 1: at most 250 transactions per page. */
export const PAGE_SIZE = 250;

export interface PageQuery {
  bookingStatus: 'booked' | 'pending' | 'both';
  /** newest-first by default */
  order?: 'newest-first' | 'oldest-first';
  dateFrom?: string;
  dateTo?: string;
  /** dateTo's day itself is not listed (the range ends before it) */
  dateToExclusive?: boolean;
  /** return only entries with seq < before (newest-first paging) */
  before?: number;
  /** return only entries with seq > after (oldest-first paging) */
  after?: number;
  limit?: number;
}

export interface Page {
  booked: LedgerEntry[];
  pending: LedgerEntry[];
  /**
   * The seq of the last row returned when more matching rows follow it in the page's order, else
   * undefined: the next page continues `before` it newest first, `after` it oldest first.
   */
  next: number | undefined;
}

/** Number of leading entries for which `holds` is true; `holds` must be true-then-false over the array. */
function countWhile(entries: readonly LedgerEntry[], holds: (entry: LedgerEntry) => boolean): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (holds(entries[middle]!)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Walks one array from its first matching entry in the page's order; `head` is the next row to hand out. */
interface Cursor {
  entries: readonly LedgerEntry[];
  out: LedgerEntry[];
  index: number;
  head: LedgerEntry | undefined;
}

export function pageTransactions(ledger: AccountLedger, query: PageQuery): Page {
  const limit = query.limit ?? PAGE_SIZE;
  if (!Number.isInteger(limit) || limit < 1 || limit > PAGE_SIZE)
    throw new RangeError(`A page holds 1 to ${PAGE_SIZE} rows, not ${limit}.`);
  const { dateFrom, dateTo, before, after } = query;
  const ascending = query.order === 'oldest-first';
  const step = ascending ? 1 : -1;
  const page: Page = { booked: [], pending: [], next: undefined };
  const withinDateTo = (entry: LedgerEntry) =>
    dateTo === undefined || (query.dateToExclusive ? entryDate(entry) < dateTo : entryDate(entry) <= dateTo);
  const withinDateFrom = (entry: LedgerEntry) => dateFrom === undefined || entryDate(entry) >= dateFrom;

  const load = (cursor: Cursor): void => {
    const entry = cursor.index >= 0 ? cursor.entries[cursor.index] : undefined;
    // Dates are non-decreasing with seq, so the first row past the far date bound ends this array:
    // older than dateFrom walking down, past dateTo walking up.
    cursor.head = entry && (ascending ? withinDateTo(entry) : withinDateFrom(entry)) ? entry : undefined;
  };

  const open = (entries: readonly LedgerEntry[], out: LedgerEntry[]): Cursor => {
    let index: number;
    if (ascending) {
      // Start at the oldest entry that is both after the cursor and on or after dateFrom.
      let start = 0;
      if (after !== undefined)
        start = Math.max(
          start,
          countWhile(entries, (entry) => entry.seq <= after),
        );
      if (dateFrom !== undefined)
        start = Math.max(
          start,
          countWhile(entries, (entry) => entryDate(entry) < dateFrom),
        );
      index = start;
    } else {
      // Start at the newest entry that is both before the cursor and within dateTo.
      let end = entries.length;
      if (before !== undefined)
        end = Math.min(
          end,
          countWhile(entries, (entry) => entry.seq < before),
        );
      if (dateTo !== undefined) end = Math.min(end, countWhile(entries, withinDateTo));
      index = end - 1;
    }
    const cursor: Cursor = { entries, out, index, head: undefined };
    load(cursor);
    return cursor;
  };

  const cursors: Cursor[] = [];
  if (query.bookingStatus !== 'pending') cursors.push(open(ledger.booked, page.booked));
  if (query.bookingStatus !== 'booked') cursors.push(open(ledger.pending, page.pending));

  // With `both`, one seq-ordered merge: the page's limit counts booked and pending rows together,
  // and the next cursor is a single seq that continues both arrays.
  const first = (a: LedgerEntry, b: LedgerEntry) => (ascending ? a.seq < b.seq : a.seq > b.seq);
  let taken = 0;
  let lastSeq = 0;
  for (;;) {
    let chosen: Cursor | undefined;
    for (const cursor of cursors) {
      if (cursor.head && (!chosen?.head || first(cursor.head, chosen.head))) chosen = cursor;
    }
    const entry = chosen?.head;
    if (!chosen || !entry) break;
    // The look-ahead: a next link only when a matching row really exists beyond the page
    // (spec "TransactionsResponse" 4: a full page does not imply more).
    if (taken === limit) {
      page.next = lastSeq;
      break;
    }
    chosen.out.push(entry);
    taken += 1;
    lastSeq = entry.seq;
    chosen.index += step;
    load(chosen);
  }
  return page;
}
