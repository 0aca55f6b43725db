import { describe, expect, it } from 'vitest';
import { parseCustomersFixture } from '../seed/fixtures.js';
import { buildSeed } from '../seed/seed.js';
import type { BookingRecord } from '../store/data.js';
import { createLedgers, type AccountLedger, type LedgerEntry } from '../ledger/ledger.js';
import { PAGE_SIZE, pageTransactions, type Page, type PageQuery } from './keyset.js';

const DAY_MS = 86_400_000;
const day = (n: number) => new Date(Date.UTC(2024, 0, 1) + n * DAY_MS).toISOString().slice(0, 10);

function entry(seq: number, status: 'booked' | 'pending', date: string): LedgerEntry {
  return {
    seq,
    transactionId: `t${seq}`,
    amountCents: -seq,
    status,
    bookingDate: status === 'booked' ? date : undefined,
    valueDate: date,
    creditorName: 'Shop',
    debtorName: undefined,
    remittanceInformationUnstructured: 'Kartenzahlung',
  };
}

/** `count` booked entries, `perDay` a day from 2024-01-01, seq 1..count. */
function bookedLedger(count: number, perDay = 3): AccountLedger {
  const days = Array.from({ length: Math.ceil(count / perDay) }, (_, n) => day(n));
  const booked: LedgerEntry[] = [];
  for (let i = 0; i < count; i += 1) booked.push(entry(i + 1, 'booked', days[Math.floor(i / perDay)]!));
  return {
    iban: 'DE00TEST',
    booked,
    pending: [],
    lastSeq: count,
    bookedBalanceCents: 0,
    pendingCents: 0,
    lastChangeAt: undefined,
  };
}

/** Every fourth seq pending, the rest booked; one day per 10 seqs for both. */
function mixedLedger(count: number): AccountLedger {
  const booked: LedgerEntry[] = [];
  const pending: LedgerEntry[] = [];
  for (let seq = 1; seq <= count; seq += 1) {
    const date = day(Math.floor(seq / 10));
    if (seq % 4 === 0) pending.push(entry(seq, 'pending', date));
    else booked.push(entry(seq, 'booked', date));
  }
  return {
    iban: 'DE00TEST',
    booked,
    pending,
    lastSeq: count,
    bookedBalanceCents: 0,
    pendingCents: 0,
    lastChangeAt: undefined,
  };
}

function traverse(ledger: AccountLedger, query: PageQuery): Page[] {
  const pages = [pageTransactions(ledger, query)];
  for (let next = pages[0]!.next; next !== undefined; next = pages.at(-1)!.next) {
    pages.push(pageTransactions(ledger, { ...query, before: next }));
  }
  return pages;
}

const seqs = (rows: readonly LedgerEntry[]) => rows.map((row) => row.seq);
const merged = (page: Page) => seqs([...page.booked, ...page.pending]).sort((a, b) => b - a);
const descending = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => from - i);

describe('pageTransactions', () => {
  it('pages of 250 cover every booked entry exactly once, newest first', () => {
    const pages = traverse(bookedLedger(651), { bookingStatus: 'booked' });
    expect(pages.map((page) => page.booked.length)).toEqual([250, 250, 151]);
    expect(pages.flatMap((page) => seqs(page.booked))).toEqual(descending(651, 1));
  });

  it('ends without next when the history is an exact multiple of the page size', () => {
    const pages = traverse(bookedLedger(500), { bookingStatus: 'booked' });
    expect(pages.map((page) => page.booked.length)).toEqual([250, 250]);
    expect(pages[1]!.next).toBeUndefined();
  });

  it('gives the seq of the last row as next while more rows exist', () => {
    const page = pageTransactions(bookedLedger(651), { bookingStatus: 'booked' });
    expect(page.next).toBe(page.booked.at(-1)!.seq);
    expect(page.next).toBe(402);
  });

  it('returns only entries older than `before`', () => {
    const page = pageTransactions(bookedLedger(100), { bookingStatus: 'booked', before: 40 });
    expect(seqs(page.booked)).toEqual(descending(39, 1));
    expect(page.next).toBeUndefined();
  });

  it('returns an empty page without next for an empty ledger', () => {
    const page = pageTransactions(bookedLedger(0), { bookingStatus: 'both' });
    expect(page).toEqual({ booked: [], pending: [], next: undefined });
  });

  it('uses 250 as the default page size and refuses larger or empty pages', () => {
    expect(PAGE_SIZE).toBe(250);
    expect(pageTransactions(bookedLedger(300), { bookingStatus: 'booked' }).booked).toHaveLength(250);
    expect(() => pageTransactions(bookedLedger(300), { bookingStatus: 'booked', limit: 251 })).toThrow(RangeError);
    expect(() => pageTransactions(bookedLedger(300), { bookingStatus: 'booked', limit: 0 })).toThrow(RangeError);
  });

  it('includes both dateFrom and dateTo', () => {
    const ledger = bookedLedger(300);
    const rows = traverse(ledger, { bookingStatus: 'booked', dateFrom: day(10), dateTo: day(20), limit: 7 }).flatMap(
      (page) => page.booked,
    );
    expect(rows.map((row) => row.bookingDate)).toContain(day(10));
    expect(rows.map((row) => row.bookingDate)).toContain(day(20));
    expect(seqs(rows)).toEqual(
      seqs(ledger.booked.filter((row) => row.bookingDate! >= day(10) && row.bookingDate! <= day(20)).reverse()),
    );
    expect(rows).toHaveLength(33);
  });

  it('filters with dateFrom alone and dateTo alone', () => {
    const ledger = bookedLedger(300);
    expect(seqs(pageTransactions(ledger, { bookingStatus: 'booked', dateFrom: day(95) }).booked)).toEqual(
      descending(300, 286),
    );
    expect(seqs(pageTransactions(ledger, { bookingStatus: 'booked', dateTo: day(4) }).booked)).toEqual(
      descending(15, 1),
    );
  });

  it('returns nothing for a date range outside the history', () => {
    const page = pageTransactions(bookedLedger(300), { bookingStatus: 'booked', dateFrom: '2030-01-01' });
    expect(page.booked).toEqual([]);
    expect(page.next).toBeUndefined();
  });

  it('returns only booked entries for booked and only pending entries for pending', () => {
    const ledger = mixedLedger(40);
    const booked = pageTransactions(ledger, { bookingStatus: 'booked' });
    const pending = pageTransactions(ledger, { bookingStatus: 'pending' });
    expect(booked.pending).toEqual([]);
    expect(seqs(booked.booked)).toEqual(descending(40, 1).filter((seq) => seq % 4 !== 0));
    expect(pending.booked).toEqual([]);
    expect(seqs(pending.pending)).toEqual([40, 36, 32, 28, 24, 20, 16, 12, 8, 4]);
  });

  it('filters pending entries by valueDate', () => {
    const page = pageTransactions(mixedLedger(100), { bookingStatus: 'pending', dateFrom: day(2), dateTo: day(3) });
    expect(seqs(page.pending)).toEqual([36, 32, 28, 24, 20]);
  });

  it('mixes booked and pending by seq with both, counting both against the page size', () => {
    const page = pageTransactions(mixedLedger(40), { bookingStatus: 'both', limit: 10 });
    expect(page.booked.length + page.pending.length).toBe(10);
    expect(merged(page)).toEqual(descending(40, 31));
    expect(seqs(page.pending)).toEqual([40, 36, 32]);
    expect(page.next).toBe(31);
  });

  it('covers every entry exactly once when paging with both', () => {
    const pages = traverse(mixedLedger(1_003), { bookingStatus: 'both' });
    expect(pages.map((page) => page.booked.length + page.pending.length)).toEqual([250, 250, 250, 250, 3]);
    expect(pages.flatMap(merged)).toEqual(descending(1_003, 1));
  });

  it('ends without next when a both page of exactly the limit reaches the oldest entry', () => {
    const page = pageTransactions(mixedLedger(250), { bookingStatus: 'both' });
    expect(page.booked.length + page.pending.length).toBe(250);
    expect(page.next).toBeUndefined();
  });
});

/**
 * The ledger with its arrays counting every entry read from them: the proof that a page's cost does
 * not grow with the history. A page may read its rows, one look-ahead row and, per array, the
 * entries of two binary searches (the cursor and a date bound).
 */
function counting(ledger: AccountLedger): {
  ledger: AccountLedger;
  reads: () => number;
  bound: (rows: number) => number;
} {
  let reads = 0;
  const wrap = (entries: readonly LedgerEntry[]) =>
    new Proxy(entries, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads += 1;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
  const searches = (entries: readonly LedgerEntry[]) => 2 * Math.ceil(Math.log2(entries.length + 1));
  return {
    ledger: { ...ledger, booked: wrap(ledger.booked), pending: wrap(ledger.pending) },
    reads: () => reads,
    bound: (rows) => rows + 1 + searches(ledger.booked) + searches(ledger.pending),
  };
}

describe('pageTransactions on a million entries', () => {
  const million = () => bookedLedger(1_000_000, 1_000);

  it('pages deep inside the history while looking at no more than a page and its look-ahead', () => {
    const counted = counting(million());
    const page = pageTransactions(counted.ledger, { bookingStatus: 'booked', before: 500_000 });
    expect(seqs(page.booked)).toEqual(descending(499_999, 499_750));
    expect(page.next).toBe(499_750);
    expect(counted.reads()).toBeLessThanOrEqual(counted.bound(250));
  });

  it('serves a narrow date range while looking at no more than a page and its look-ahead', () => {
    const ledger = million();
    const first = counting(ledger);
    const page = pageTransactions(first.ledger, { bookingStatus: 'booked', dateFrom: day(700), dateTo: day(700) });
    expect(page.booked.every((row) => row.bookingDate === day(700))).toBe(true);
    expect(page.booked[0]!.seq).toBe(701_000);
    expect(first.reads()).toBeLessThanOrEqual(first.bound(250));
    const lastCounted = counting(ledger);
    const last = pageTransactions(lastCounted.ledger, {
      bookingStatus: 'booked',
      dateFrom: day(700),
      dateTo: day(700),
      before: 700_251,
    });
    expect(seqs(last.booked)).toEqual(descending(700_250, 700_001));
    expect(last.next).toBeUndefined();
    expect(lastCounted.reads()).toBeLessThanOrEqual(lastCounted.bound(250));
  });

  it('merges booked and pending deep inside the history at the same cost', () => {
    const ledger = million();
    const withPending = { ...ledger, pending: [entry(1_000_001, 'pending', day(999))] };
    const counted = counting(withPending);
    const page = pageTransactions(counted.ledger, { bookingStatus: 'both', before: 600_000 });
    expect(page.booked).toHaveLength(250);
    // One more: the pending row read as the other array's head.
    expect(counted.reads()).toBeLessThanOrEqual(counted.bound(251));
  });
});

describe('paging while transactions are booked', () => {
  const fixture = parseCustomersFixture({
    bankCode: '12345678',
    customers: [
      {
        psuId: 'paul',
        password: 'paul-1234',
        name: 'Paul Paging',
        about: 'Three pages of history.',
        accounts: [
          {
            accountNumber: '0000900003',
            name: 'Girokonto',
            product: 'Girokonto',
            cashAccountType: 'CACC',
            balance: '10.00',
            history: 600,
            pending: 3,
          },
        ],
      },
    ],
  });
  const seed = buildSeed({ seed: 7, customers: 0, anchor: '2026-03-01', fixture });
  const account = seed.customer('paul')!.accounts[0]!;

  it('neither repeats nor skips a row when a booking arrives mid-traversal, and shows it on a fresh first page', () => {
    const stored: BookingRecord[] = [];
    const ledgers = createLedgers(seed, () => stored);
    const original = traverse(ledgers.ledger(account), { bookingStatus: 'booked' }).flatMap((page) =>
      page.booked.map((row) => row.transactionId),
    );
    expect(original).toHaveLength(600);

    const first = pageTransactions(ledgers.ledger(account), { bookingStatus: 'booked' });
    const record = ledgers.prepareBooking(
      account,
      { amountCents: 1_234, status: 'booked', debtorName: 'Mid Traversal GmbH' },
      new Date('2026-03-01T10:00:00Z'),
    );
    stored.push(record);
    ledgers.add(record);
    const rest = traverse(ledgers.ledger(account), { bookingStatus: 'booked', before: first.next! });

    const during = [first, ...rest].flatMap((page) => page.booked.map((row) => row.transactionId));
    expect(during).toEqual(original);
    const fresh = pageTransactions(ledgers.ledger(account), { bookingStatus: 'booked' });
    expect(fresh.booked[0]!.transactionId).toBe(record.transactionId);
    expect(fresh.booked.slice(1).map((row) => row.transactionId)).toEqual(original.slice(0, 249));
  });

  it('shows the seeded pending rows newest first on the first page of both', () => {
    const ledger = createLedgers(seed, () => []).ledger(account);
    const page = pageTransactions(ledger, { bookingStatus: 'both' });
    expect(seqs(page.pending)).toEqual([603, 602, 601]);
    expect(seqs(page.booked)[0]).toBe(600);
    expect(page.booked).toHaveLength(247);
  });
});

describe('pageTransactions oldest first (bank profile transactions.order)', () => {
  const ascending = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

  function traverseUp(ledger: AccountLedger, query: PageQuery): Page[] {
    const pages = [pageTransactions(ledger, { ...query, order: 'oldest-first' })];
    for (let next = pages[0]!.next; next !== undefined; next = pages.at(-1)!.next) {
      pages.push(pageTransactions(ledger, { ...query, order: 'oldest-first', after: next }));
    }
    return pages;
  }

  it('lists ascending and continues after the last row towards newer entries, each exactly once', () => {
    const pages = traverseUp(bookedLedger(651), { bookingStatus: 'booked' });
    expect(pages.map((page) => page.booked.length)).toEqual([250, 250, 151]);
    expect(pages.flatMap((page) => seqs(page.booked))).toEqual(ascending(1, 651));
    expect(pages.map((page) => page.next)).toEqual([250, 500, undefined]);
  });

  it('merges booked and pending in one ascending order and keeps the date filters', () => {
    const pages = traverseUp(mixedLedger(1_000), { bookingStatus: 'both', dateFrom: day(10), dateTo: day(60) });
    const all = pages.flatMap((page) => seqs([...page.booked, ...page.pending]).sort((a, b) => a - b));
    expect(all).toEqual(ascending(100, 609));
  });

  it('pages deep inside a million entries while looking at no more than a page and its look-ahead', () => {
    const ledger = bookedLedger(1_000_000, 1_000);
    const deepCounted = counting(ledger);
    const deep = pageTransactions(deepCounted.ledger, {
      bookingStatus: 'booked',
      order: 'oldest-first',
      after: 500_000,
    });
    expect(seqs(deep.booked)).toEqual(ascending(500_001, 500_250));
    expect(deep.next).toBe(500_250);
    expect(deepCounted.reads()).toBeLessThanOrEqual(deepCounted.bound(250));
    const datedCounted = counting(ledger);
    const dated = pageTransactions(datedCounted.ledger, {
      bookingStatus: 'booked',
      order: 'oldest-first',
      dateFrom: day(700),
      dateTo: day(700),
    });
    expect(dated.booked[0]!.seq).toBe(700_001);
    expect(datedCounted.reads()).toBeLessThanOrEqual(datedCounted.bound(250));
    const lastCounted = counting(ledger);
    const last = pageTransactions(lastCounted.ledger, {
      bookingStatus: 'booked',
      order: 'oldest-first',
      dateFrom: day(700),
      dateTo: day(700),
      after: 700_750,
    });
    expect(seqs(last.booked)).toEqual(ascending(700_751, 701_000));
    expect(last.next).toBeUndefined();
    expect(lastCounted.reads()).toBeLessThanOrEqual(lastCounted.bound(250));
  });
});

describe('pageTransactions with an exclusive dateTo (bank profile transactions.dateTo)', () => {
  it('leaves out the entries of the dateTo day in either order', () => {
    const ledger = bookedLedger(30, 3);
    for (const order of ['newest-first', 'oldest-first'] as const) {
      const inclusive = pageTransactions(ledger, { bookingStatus: 'booked', order, dateFrom: day(2), dateTo: day(4) });
      const exclusive = pageTransactions(ledger, {
        bookingStatus: 'booked',
        order,
        dateFrom: day(2),
        dateTo: day(4),
        dateToExclusive: true,
      });
      expect(inclusive.booked.map((row) => row.bookingDate)).toContain(day(4));
      expect(seqs(exclusive.booked).sort((a, b) => a - b)).toEqual([7, 8, 9, 10, 11, 12]);
    }
  });
});
