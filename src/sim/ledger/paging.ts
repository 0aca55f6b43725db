/**
 * One page of an account's transactions, newest first (highest seq first), keyset-paged on seq
 * (spec "Query parameters of GET transactions", "Paging rules"). A page costs two binary searches
 * per array plus a walk of at most limit + 1 matching rows: never a scan over the whole history.
 */
import { entryDate, type AccountLedger, type LedgerEntry } from './ledger.js';

/** Spec "Paging rules" 1: at most 250 transactions per page. */
export const PAGE_SIZE = 250;

export interface PageQuery {
  bookingStatus: 'booked' | 'pending' | 'both';
  dateFrom?: string;
  dateTo?: string;
  /** return only entries with seq < before */
  before?: number;
  limit?: number;
}

export interface Page {
  booked: LedgerEntry[];
  pending: LedgerEntry[];
  /** seq of the last row returned when more matching rows exist after it, else undefined */
  nextBefore: number | undefined;
  /** entries looked at: the test's proof that cost does not grow with history */
  scanned: number;
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

/** Walks one array downwards from its newest matching entry; `head` is the next row to hand out. */
interface Cursor {
  entries: readonly LedgerEntry[];
  out: LedgerEntry[];
  index: number;
  head: LedgerEntry | undefined;
}

export function pageTransactions(ledger: AccountLedger, query: PageQuery): Page {
  const limit = query.limit ?? PAGE_SIZE;
  if (!Number.isInteger(limit) || limit < 1 || limit > PAGE_SIZE) throw new RangeError(`A page holds 1 to ${PAGE_SIZE} rows, not ${limit}.`);
  const { dateFrom, dateTo, before } = query;
  const page: Page = { booked: [], pending: [], nextBefore: undefined, scanned: 0 };

  const load = (cursor: Cursor): void => {
    const entry = cursor.index >= 0 ? cursor.entries[cursor.index] : undefined;
    if (entry) page.scanned += 1;
    // Dates are non-decreasing with seq, so the first row older than dateFrom ends this array.
    cursor.head = entry && (dateFrom === undefined || entryDate(entry) >= dateFrom) ? entry : undefined;
  };

  const open = (entries: readonly LedgerEntry[], out: LedgerEntry[]): Cursor => {
    // Start at the newest entry that is both before the cursor and on or before dateTo (inclusive).
    let end = entries.length;
    if (before !== undefined) end = Math.min(end, countWhile(entries, (entry) => entry.seq < before));
    if (dateTo !== undefined) end = Math.min(end, countWhile(entries, (entry) => entryDate(entry) <= dateTo));
    const cursor: Cursor = { entries, out, index: end - 1, head: undefined };
    load(cursor);
    return cursor;
  };

  const cursors: Cursor[] = [];
  if (query.bookingStatus !== 'pending') cursors.push(open(ledger.booked, page.booked));
  if (query.bookingStatus !== 'booked') cursors.push(open(ledger.pending, page.pending));

  // With `both`, one seq-descending merge: the page's limit counts booked and pending rows together,
  // and nextBefore is a single seq that continues both arrays.
  let taken = 0;
  let lastSeq = 0;
  for (;;) {
    let newest: Cursor | undefined;
    for (const cursor of cursors) {
      if (cursor.head && (!newest?.head || cursor.head.seq > newest.head.seq)) newest = cursor;
    }
    const entry = newest?.head;
    if (!newest || !entry) break;
    // The look-ahead: a next link only when a matching row really exists beyond the page
    // (spec "TransactionsResponse" 4: a full page does not imply more).
    if (taken === limit) {
      page.nextBefore = lastSeq;
      break;
    }
    newest.out.push(entry);
    taken += 1;
    lastSeq = entry.seq;
    newest.index -= 1;
    load(newest);
  }
  return page;
}
