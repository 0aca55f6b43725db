/**
 * The per-account transaction index: the seeded history plus the bookings made at run time,
 * split into booked and pending entries in seq order, with the balances they imply. Built on first
 * use of an account (10,000 seeded customers must not cost anything up front), then kept and
 * appended to. It lives in the object createLedgers returns, never at module level.
 */
import { randomUUID } from 'node:crypto';
import type { SeedAccount } from '../seed/customers.js';
import type { Seed } from '../seed/seed.js';
import type { BookingRecord } from '../store/data.js';
import type { TransactionEntry } from '../transaction-entry.js';
import { isoDate } from '../../contract/dates.js';

export type LedgerEntry = TransactionEntry;

export interface AccountLedger {
  readonly iban: string;
  /** booked entries, seq ascending (dates non-decreasing) */
  readonly booked: readonly LedgerEntry[];
  /** pending entries, seq ascending */
  readonly pending: readonly LedgerEntry[];
  readonly lastSeq: number;
  /** seed closing balance + every run-time booked amount */
  readonly bookedBalanceCents: number;
  /** sum of pending amounts (seeded and run-time) */
  readonly pendingCents: number;
  /** ISO date-time of the latest run-time booking, or undefined */
  readonly lastChangeAt: string | undefined;
}

export interface NewBooking {
  amountCents: number;
  status: 'booked' | 'pending';
  creditorName?: string;
  debtorName?: string;
  remittanceInformationUnstructured?: string;
}

export interface Ledgers {
  /** Built lazily on first use from seed.history(account) + stored bookings of that IBAN, then kept. */
  ledger(account: SeedAccount): AccountLedger;
  /** The record of a new booking (next seq, fresh transactionId, dates from `now`); changes nothing. */
  prepareBooking(account: SeedAccount, booking: NewBooking, now: Date): BookingRecord;
  /** Appends a record to the in-memory index, after the caller stored it. */
  add(record: BookingRecord): void;
  /**
   * The booked record that replaces a run-time pending entry when it settles: the same
   * transaction (id, amount, names, text) at the next seq, dated `now`. Changes nothing; the caller
   * sets the pending record's removedAt, stores the new one, then calls remove() and add().
   */
  prepareSettlement(account: SeedAccount, pending: BookingRecord, now: Date): BookingRecord;
  /**
   * Takes a run-time pending entry out of the index (settled, rejected or cancelled: spec
   * "TransactionsResponse" 3), after the caller set its record's removedAt in the store.
   */
  remove(record: BookingRecord): void;
  /** Drops an account's index; it is built again from the store on next use (after a unit of work was undone). */
  forget(iban: string): void;
}

/** The mutable state behind an AccountLedger; callers only ever see the read-only view. */
interface LedgerState {
  iban: string;
  booked: LedgerEntry[];
  pending: LedgerEntry[];
  lastSeq: number;
  bookedBalanceCents: number;
  pendingCents: number;
  lastChangeAt: string | undefined;
}

/**
 * What the statement shows for a run-time booking made without a remittance text (a control-API
 * booking). Payments always bring theirs: the one sent, or the spec's neutral text (rules/payments.ts).
 */
const BOOKING_REMITTANCE = 'Sandbox booking';

/** The date paging filters and binary-searches an entry by: a booked entry's bookingDate, a pending one's valueDate (it has no bookingDate). */
export function entryDate(entry: LedgerEntry): string {
  return entry.bookingDate ?? entry.valueDate;
}

function toEntry(record: BookingRecord): LedgerEntry {
  return {
    seq: record.seq,
    transactionId: record.transactionId,
    amountCents: record.amountCents,
    status: record.status,
    bookingDate: record.bookingDate,
    valueDate: record.valueDate,
    creditorName: record.creditorName,
    debtorName: record.debtorName,
    remittanceInformationUnstructured: record.remittanceInformationUnstructured,
  };
}

/** Applies a run-time booking; seqs only grow, which keeps both arrays sorted without a sort. */
function apply(state: LedgerState, record: BookingRecord): void {
  if (record.seq <= state.lastSeq) {
    throw new RangeError(
      `Booking seq ${record.seq} on ${record.iban} is not after the account's last seq ${state.lastSeq}.`,
    );
  }
  const entry = toEntry(record);
  if (entry.status === 'booked') {
    state.booked.push(entry);
    state.bookedBalanceCents += entry.amountCents;
  } else {
    state.pending.push(entry);
    state.pendingCents += entry.amountCents;
  }
  state.lastSeq = entry.seq;
  // Any run-time booking moves a balance: a pending one changes interimAvailable.
  touch(state, record.createdAt);
}

/**
 * Balances changed at `at`. Never moves back: a settlement is booked at its due instant, which
 * can be earlier than a control booking made before the settler ran.
 */
function touch(state: LedgerState, at: string): void {
  if (state.lastChangeAt === undefined || at > state.lastChangeAt) state.lastChangeAt = at;
}

/** Drops a pending entry; the seq stays spent (lastSeq is untouched), so no reference is reused. */
function drop(state: LedgerState, record: BookingRecord): void {
  const index = state.pending.findIndex((entry) => entry.seq === record.seq);
  const entry = state.pending[index];
  if (
    record.status !== 'pending' ||
    record.removedAt === undefined ||
    !entry ||
    entry.transactionId !== record.transactionId
  ) {
    throw new RangeError(`Seq ${record.seq} on ${record.iban} is not a pending entry marked removed.`);
  }
  state.pending.splice(index, 1);
  state.pendingCents -= entry.amountCents;
  touch(state, record.removedAt);
}

export function createLedgers(seed: Seed, bookings: (iban: string) => readonly BookingRecord[]): Ledgers {
  const ledgers = new Map<string, LedgerState>();

  function build(account: SeedAccount): LedgerState {
    const state: LedgerState = {
      iban: account.iban,
      booked: [],
      pending: [],
      lastSeq: 0,
      // The seeded booked rows are already in the closing balance; only run-time ones are added.
      bookedBalanceCents: account.closingBalanceCents,
      pendingCents: 0,
      lastChangeAt: undefined,
    };
    // Seed rows are structurally LedgerEntry values: shared, not copied.
    for (const row of seed.history(account)) {
      if (row.status === 'booked') state.booked.push(row);
      else {
        state.pending.push(row);
        state.pendingCents += row.amountCents;
      }
      state.lastSeq = Math.max(state.lastSeq, row.seq);
    }
    // The restart case: bookings made before are in the store, in the order they were made.
    const stored = bookings(account.iban)
      .filter((record) => record.iban === account.iban)
      .sort((a, b) => a.seq - b.seq);
    for (const record of stored) {
      if (record.removedAt === undefined) apply(state, record);
      else {
        // Gone from the ledger, but its seq was handed out: later seqs continue after it.
        state.lastSeq = Math.max(state.lastSeq, record.seq);
        touch(state, record.removedAt);
      }
    }
    return state;
  }

  function stateOf(account: SeedAccount): LedgerState {
    let state = ledgers.get(account.iban);
    if (!state) {
      state = build(account);
      ledgers.set(account.iban, state);
    }
    return state;
  }

  function prepareBooking(account: SeedAccount, booking: NewBooking, now: Date): BookingRecord {
    if (!Number.isSafeInteger(booking.amountCents))
      throw new RangeError(`Not an amount in cents: ${booking.amountCents}`);
    const state = stateOf(account);
    const entries = booking.status === 'booked' ? state.booked : state.pending;
    const last = entries.at(-1);
    const today = isoDate(now);
    // Paging binary-searches by date, so dates must not decrease with seq. The clock only moves
    // forward and the seed ends before its anchor, so this guards a store anchored ahead of now and
    // a settlement booked at its due instant after a later-dated entry was made.
    const day = last && entryDate(last) > today ? entryDate(last) : today;
    return {
      iban: account.iban,
      seq: state.lastSeq + 1,
      transactionId: randomUUID(),
      amountCents: booking.amountCents,
      status: booking.status,
      bookingDate: booking.status === 'booked' ? day : undefined,
      valueDate: day,
      creditorName: booking.creditorName,
      debtorName: booking.debtorName,
      remittanceInformationUnstructured: booking.remittanceInformationUnstructured ?? BOOKING_REMITTANCE,
      createdAt: now.toISOString(),
    };
  }

  return {
    ledger: stateOf,

    prepareBooking,

    add(record) {
      const state = ledgers.get(record.iban);
      // Not built yet: the first build reads the store, which already holds this record.
      if (state) apply(state, record);
    },

    prepareSettlement(account, pending, now) {
      const booked = prepareBooking(
        account,
        {
          amountCents: pending.amountCents,
          status: 'booked',
          creditorName: pending.creditorName,
          debtorName: pending.debtorName,
          remittanceInformationUnstructured: pending.remittanceInformationUnstructured,
        },
        now,
      );
      return { ...booked, transactionId: pending.transactionId };
    },

    remove(record) {
      const state = ledgers.get(record.iban);
      // Not built yet: the first build reads the store, where the record is already marked removed.
      if (state) drop(state, record);
    },

    forget(iban) {
      ledgers.delete(iban);
    },
  };
}
