import { describe, expect, it } from 'vitest';
import type { AccountLedger } from './ledger/index.js';
import { loadCustomersFixture } from './seed/fixtures.js';
import type { BookingRecord } from './store/data.js';
import { createWorld, type World } from './world.js';

/**
 * Two processes of one sandbox, each with its world, over one store of bookings: what one books, the
 * other follows from the bookings alone, and ends where a ledger built from the whole store is.
 */
const stored = new Map<string, BookingRecord>();
const reads: string[] = [];
const keyOf = (record: BookingRecord) => `${record.iban}:${record.seq}`;
const worldOf = () =>
  createWorld({
    seed: 42,
    customers: 0,
    fixture: loadCustomersFixture(),
    anchor: '2026-03-02',
    bookings: (iban) => {
      reads.push(iban);
      return [...stored.values()].filter((record) => record.iban === iban);
    },
  });
const [account, other] = worldOf().seed.customers[0]!.accounts;
const now = (minute: number) => new Date(Date.parse('2026-03-02T10:00:00Z') + minute * 60_000);

/** What a client can read of a ledger: its rows, balances and the instant they last changed. */
const view = (ledger: AccountLedger) => ({
  booked: ledger.booked.map((entry) => [entry.seq, entry.transactionId, entry.amountCents]),
  pending: ledger.pending.map((entry) => [entry.seq, entry.transactionId, entry.amountCents]),
  lastSeq: ledger.lastSeq,
  bookedBalanceCents: ledger.bookedBalanceCents,
  pendingCents: ledger.pendingCents,
  lastChangeAt: ledger.lastChangeAt,
});
/** The same account as a process starting now builds it, from everything stored. */
const rebuilt = () => view(worldOf().ledgers.ledger(account!));

/** One process's unit of work: store the records, then update its own index as the sandbox does. */
function book(world: World, amountCents: number, status: 'booked' | 'pending', at: Date): BookingRecord {
  const record = world.ledgers.prepareBooking(account!, { amountCents, status }, at);
  stored.set(keyOf(record), record);
  world.ledgers.add(record);
  return record;
}
function unbook(world: World, record: BookingRecord, at: Date): BookingRecord {
  const removed = { ...record, removedAt: at.toISOString() };
  stored.set(keyOf(removed), removed);
  world.ledgers.remove(removed);
  return removed;
}
function settle(world: World, pending: BookingRecord, at: Date): BookingRecord[] {
  const booked = world.ledgers.prepareSettlement(account!, pending, at);
  const removed = unbook(world, pending, at);
  stored.set(keyOf(booked), booked);
  world.ledgers.add(booked);
  return [removed, booked];
}

describe('a world following the bookings another process made', () => {
  const a = worldOf();
  const b = worldOf();

  it('adds a booking and a pending entry made elsewhere, in seq order whatever order they come in', () => {
    b.ledgers.ledger(account!);
    const booked = book(a, -1_250, 'booked', now(1));
    const pending = book(a, -990, 'pending', now(2));
    b.follow([pending, booked]);
    expect(view(b.ledgers.ledger(account!))).toEqual(rebuilt());
    expect(view(b.ledgers.ledger(account!)).pending.at(-1)).toEqual([pending.seq, pending.transactionId, -990]);
  });

  it('moves a settled entry from pending to booked, and drops one made and cancelled since it last looked', () => {
    const pending = [...stored.values()].find((record) => record.status === 'pending' && !record.removedAt)!;
    const settled = settle(a, pending, now(3));
    const cancelled = unbook(a, book(a, -70, 'pending', now(4)), now(5));
    b.follow([cancelled, ...settled]);
    const followed = view(b.ledgers.ledger(account!));
    expect(followed).toEqual(rebuilt());
    expect(followed.lastSeq).toBe(cancelled.seq);
    expect(followed.pending.some(([seq]) => seq === pending.seq || seq === cancelled.seq)).toBe(false);
    expect(followed.lastChangeAt).toBe(now(5).toISOString());
  });

  it('changes nothing when it follows the same bookings again', () => {
    const before = view(b.ledgers.ledger(account!));
    b.follow([...stored.values()]);
    expect(view(b.ledgers.ledger(account!))).toEqual(before);
  });

  it('builds no ledger it had not built: that one reads the store at its first use', () => {
    reads.length = 0;
    const elsewhere = { ...book(a, -5, 'booked', now(6)), iban: other!.iban, seq: 1_000_000 };
    stored.set(keyOf(elsewhere), elsewhere);
    b.follow([elsewhere]);
    expect(reads).toEqual([]);
    expect(b.ledgers.ledger(other!).booked.at(-1)?.seq).toBe(1_000_000);
    expect(reads).toEqual([other!.iban]);
  });

  it('follows into the ledgers of a restart only what they built again', () => {
    b.restart('2026-03-02');
    const booked = book(a, -300, 'booked', now(7));
    reads.length = 0;
    b.follow([booked]);
    expect(reads).toEqual([]);
    expect(view(b.ledgers.ledger(account!))).toEqual(rebuilt());
  });
});
