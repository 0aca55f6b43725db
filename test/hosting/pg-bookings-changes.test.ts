/**
 * What a process of a shared sandbox learns of the bookings the others made (Store.sync's
 * `bookingsChanged`): the bookings themselves, as stored now, when the log of booking changes holds
 * every generation since it last looked, so its ledger index follows them; `all` after a reset, a
 * world started over, or a gap in that log, so it reads its ledgers again. Two stores on one
 * database stand for two processes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingRecord } from '../../src/sim/store/data.js';
import { BOOKINGS_CHANGES_KEPT, openPgDatabase, type PgDatabase } from '../../src/sim/store/pg/pg-store.js';
import type { Store } from '../../src/sim/store/records.js';
import { freshState } from '../../src/sim/store/state.js';
import { createDatabase, type TestDatabase } from '../helpers/postgres.js';

let db: TestDatabase;
let one: PgDatabase;
let two: PgDatabase;
let a: Store;
let b: Store;
const fresh = () => freshState('2026-03-01');

beforeAll(async () => {
  db = await createDatabase('bookings_changes');
  one = openPgDatabase(db.url, fresh);
  two = openPgDatabase(db.url, fresh);
  a = one.store('shared', fresh);
  b = two.store('shared', fresh);
});

afterAll(async () => {
  one?.close();
  two?.close();
  await db?.drop();
});

const booking = (seq: number, extra: Partial<BookingRecord> = {}): BookingRecord => ({
  iban: 'DE12123456780000100001',
  seq,
  transactionId: `t-${seq}`,
  amountCents: -100 * seq,
  status: 'pending',
  bookingDate: undefined,
  valueDate: '2026-03-01',
  creditorName: undefined,
  debtorName: undefined,
  remittanceInformationUnstructured: 'Sandbox booking',
  createdAt: `2026-03-01T10:00:${String(seq % 60).padStart(2, '0')}.000Z`,
  ...extra,
});
const key = (record: BookingRecord) => `${record.iban}:${record.seq}`;
/** One unit of work of process `store` that writes these bookings. */
function write(store: Store, ...records: BookingRecord[]): void {
  const tx = store.begin();
  for (const record of records) tx.put('bookings', key(record), record);
  tx.commit();
}
const bySeq = (records: readonly BookingRecord[] | 'all' | undefined) =>
  records === 'all' || records === undefined ? records : [...records].sort((x, y) => x.seq - y.seq);

describe('the bookings another process wrote', () => {
  it('are nothing before anyone booked, and nothing for the process that booked them', () => {
    expect(a.sync().bookingsChanged).toBeUndefined();
    expect(b.sync().bookingsChanged).toBeUndefined();
    write(a, booking(1));
    expect(a.sync().bookingsChanged).toBeUndefined();
  });

  it('are the bookings themselves, as stored now, over every generation since the process last looked', () => {
    write(a, booking(2));
    write(a, booking(1, { removedAt: '2026-03-01T10:05:00.000Z' }), booking(3, { status: 'booked' }));
    expect(bySeq(b.sync().bookingsChanged)).toEqual([
      booking(1, { removedAt: '2026-03-01T10:05:00.000Z' }),
      booking(2),
      booking(3, { status: 'booked' }),
    ]);
    // Followed: nothing new until someone books again.
    expect(b.sync().bookingsChanged).toBeUndefined();
  });

  it('are seen at the start of a unit of work too, read under its lock', () => {
    write(b, booking(4));
    const tx = a.begin();
    expect(a.sync().bookingsChanged).toEqual([booking(4)]);
    tx.rollback();
  });

  it('cannot be followed after a reset: all', () => {
    const tx = a.begin();
    tx.clear(fresh());
    tx.commit();
    expect(b.sync().bookingsChanged).toBe('all');
    expect(b.sync().bookingsChanged).toBeUndefined();
  });

  it('cannot be followed by a process further behind than the log keeps: all', () => {
    expect(a.sync().bookingsChanged).toBeUndefined();
    for (let seq = 10; seq < 10 + BOOKINGS_CHANGES_KEPT + 1; seq += 1) write(b, booking(seq));
    expect(a.sync().bookingsChanged).toBe('all');
    // One behind again: followed.
    write(b, booking(1_000));
    expect(a.sync().bookingsChanged).toEqual([booking(1_000)]);
  });

  it('cannot be followed in a world the operator ended and that started again: all', () => {
    expect(b.sync().bookingsChanged).toBeUndefined();
    one.drop('shared');
    write(a, booking(1));
    expect(b.sync().bookingsChanged).toBe('all');
  });
});
