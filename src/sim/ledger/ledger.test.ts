import { describe, expect, it } from 'vitest';
import { parseCustomersFixture } from '../seed/fixtures.js';
import { buildSeed } from '../seed/seed.js';
import type { BookingRecord } from '../store/data.js';
import { createLedgers } from './ledger.js';

const fixture = parseCustomersFixture({
  bankCode: '12345678',
  customers: [
    {
      psuId: 'pia',
      password: 'pia-1234',
      name: 'Pia Pending',
      about: 'Booked and pending rows.',
      accounts: [
        {
          accountNumber: '0000900001',
          name: 'Girokonto',
          product: 'Girokonto',
          cashAccountType: 'CACC',
          balance: '1000.00',
          history: 40,
          pending: 3,
        },
        {
          accountNumber: '0000900002',
          name: 'Tagesgeld',
          product: 'Tagesgeld',
          cashAccountType: 'SVGS',
          balance: '50.00',
          history: 5,
        },
      ],
    },
  ],
});
const seed = buildSeed({ seed: 42, customers: 0, anchor: '2026-03-01', fixture });
const account = seed.customer('pia')!.accounts[0]!;
const savings = seed.customer('pia')!.accounts[1]!;
const now = new Date('2026-03-01T10:15:00Z');
const seededPendingCents = seed
  .history(account)
  .filter((row) => row.status === 'pending')
  .reduce((sum, row) => sum + row.amountCents, 0);

describe('ledgers', () => {
  it('builds an account ledger from the seeded history: booked and pending rows in seq order', () => {
    const ledger = createLedgers(seed, () => []).ledger(account);
    expect(ledger.iban).toBe(account.iban);
    expect(ledger.booked.map((entry) => entry.seq)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(ledger.pending.map((entry) => entry.seq)).toEqual([41, 42, 43]);
    expect(ledger.lastSeq).toBe(43);
  });

  it('starts from the seeded closing balance and the seeded pending amounts, with no change time', () => {
    const ledger = createLedgers(seed, () => []).ledger(account);
    expect(ledger.bookedBalanceCents).toBe(100_000);
    expect(seededPendingCents).toBeLessThan(0);
    expect(ledger.pendingCents).toBe(seededPendingCents);
    expect(ledger.lastChangeAt).toBeUndefined();
  });

  it('keeps a built ledger and keeps accounts apart', () => {
    const ledgers = createLedgers(seed, () => []);
    expect(ledgers.ledger(account)).toBe(ledgers.ledger(account));
    expect(ledgers.ledger(savings).booked).toHaveLength(5);
    expect(ledgers.ledger(savings).pending).toHaveLength(0);
  });

  it('prepares a booked record for the next seq, dated the UTC day of now, without changing the ledger', () => {
    const ledgers = createLedgers(seed, () => []);
    const record = ledgers.prepareBooking(
      account,
      { amountCents: 1234, status: 'booked', debtorName: 'Sandbox Sender' },
      new Date('2026-03-01T23:30:00-02:00'),
    );
    expect(record).toMatchObject({
      iban: account.iban,
      seq: 44,
      amountCents: 1234,
      status: 'booked',
      bookingDate: '2026-03-02',
      valueDate: '2026-03-02',
      debtorName: 'Sandbox Sender',
      creditorName: undefined,
      createdAt: '2026-03-02T01:30:00.000Z',
    });
    expect(record.remittanceInformationUnstructured.length).toBeGreaterThan(0);
    expect(ledgers.ledger(account).lastSeq).toBe(43);
    expect(ledgers.ledger(account).booked).toHaveLength(40);
  });

  it('prepares a pending record without a booking date', () => {
    const record = createLedgers(seed, () => []).prepareBooking(account, { amountCents: -500, status: 'pending' }, now);
    expect(record.bookingDate).toBeUndefined();
    expect(record.valueDate).toBe('2026-03-01');
  });

  it('keeps a given remittance text', () => {
    const record = createLedgers(seed, () => []).prepareBooking(
      account,
      { amountCents: 1, status: 'booked', remittanceInformationUnstructured: 'Rechnung 42' },
      now,
    );
    expect(record.remittanceInformationUnstructured).toBe('Rechnung 42');
  });

  it('gives every run-time booking a transaction id of its own, unlike any seeded one', () => {
    const ledgers = createLedgers(seed, () => []);
    const ids = new Set(ledgers.ledger(account).booked.map((entry) => entry.transactionId));
    for (let i = 0; i < 20; i += 1) {
      const record = ledgers.prepareBooking(account, { amountCents: 100, status: 'booked' }, now);
      ledgers.add(record);
      expect(ids.has(record.transactionId)).toBe(false);
      ids.add(record.transactionId);
    }
    expect(ids.size).toBe(60);
  });

  it('appends added bookings at the end of their array and moves the balances', () => {
    const stored: BookingRecord[] = [];
    const ledgers = createLedgers(seed, () => stored);
    const book = (amountCents: number, status: 'booked' | 'pending', at: string) => {
      const record = ledgers.prepareBooking(account, { amountCents, status }, new Date(at));
      stored.push(record);
      ledgers.add(record);
      return record;
    };
    book(2_500, 'booked', '2026-03-01T09:00:00Z');
    book(-700, 'pending', '2026-03-01T09:05:00Z');
    const last = book(-300, 'booked', '2026-03-02T08:00:00Z');
    const ledger = ledgers.ledger(account);
    expect(ledger.booked.slice(-2).map((entry) => entry.seq)).toEqual([44, 46]);
    expect(ledger.pending.at(-1)!.seq).toBe(45);
    expect(ledger.lastSeq).toBe(46);
    expect(ledger.bookedBalanceCents).toBe(100_000 + 2_500 - 300);
    expect(ledger.pendingCents).toBe(seededPendingCents - 700);
    expect(ledger.lastChangeAt).toBe(last.createdAt);
  });

  it('moves the change time on a pending booking too, since it changes the available balance', () => {
    const stored: BookingRecord[] = [];
    const ledgers = createLedgers(seed, () => stored);
    const record = ledgers.prepareBooking(account, { amountCents: -700, status: 'pending' }, now);
    stored.push(record);
    ledgers.add(record);
    expect(ledgers.ledger(account).lastChangeAt).toBe('2026-03-01T10:15:00.000Z');
  });

  it('includes the stored bookings of the account when it is first built (restart)', () => {
    const before = createLedgers(seed, () => []);
    const first = before.prepareBooking(account, { amountCents: 10_000, status: 'booked' }, now);
    const second = {
      ...first,
      seq: 45,
      transactionId: 'second',
      amountCents: -2_000,
      status: 'pending' as const,
      bookingDate: undefined,
      createdAt: '2026-03-01T11:00:00.000Z',
    };
    const other = before.prepareBooking(savings, { amountCents: 99, status: 'booked' }, now);
    // Stored out of seq order on purpose: the build must not depend on store order.
    const restarted = createLedgers(seed, () => [second, other, first]).ledger(account);
    expect(restarted.booked.at(-1)!.transactionId).toBe(first.transactionId);
    expect(restarted.pending.at(-1)!.transactionId).toBe('second');
    expect(restarted.lastSeq).toBe(45);
    expect(restarted.bookedBalanceCents).toBe(100_000 + 10_000);
    expect(restarted.pendingCents).toBe(seededPendingCents - 2_000);
    expect(restarted.lastChangeAt).toBe('2026-03-01T11:00:00.000Z');
  });

  it('does not count a booking twice when it is added before the ledger was ever built', () => {
    const stored: BookingRecord[] = [];
    const ledgers = createLedgers(seed, () => stored);
    const record = createLedgers(seed, () => []).prepareBooking(account, { amountCents: 500, status: 'booked' }, now);
    stored.push(record);
    ledgers.add(record);
    const ledger = ledgers.ledger(account);
    expect(ledger.booked.filter((entry) => entry.transactionId === record.transactionId)).toHaveLength(1);
    expect(ledger.bookedBalanceCents).toBe(100_500);
  });

  it('refuses a record whose seq is not after the last one', () => {
    const ledgers = createLedgers(seed, () => []);
    const record = ledgers.prepareBooking(account, { amountCents: 500, status: 'booked' }, now);
    ledgers.add(record);
    expect(() => ledgers.add({ ...record, transactionId: 'again' })).toThrow(RangeError);
  });

  it('never dates a booking before the last one of its array, so dates stay sorted for paging', () => {
    const ledgers = createLedgers(seed, () => []);
    const late = ledgers.prepareBooking(
      account,
      { amountCents: 1, status: 'booked' },
      new Date('2026-03-05T00:00:00Z'),
    );
    ledgers.add(late);
    const early = ledgers.prepareBooking(
      account,
      { amountCents: 1, status: 'booked' },
      new Date('2026-03-03T00:00:00Z'),
    );
    expect(early.bookingDate).toBe('2026-03-05');
  });

  it('settles a pending entry: it leaves the pending array and the same transaction is booked at a new seq', () => {
    const stored: BookingRecord[] = [];
    const ledgers = createLedgers(seed, () => stored);
    const pending = ledgers.prepareBooking(
      account,
      { amountCents: -2_000, status: 'pending', creditorName: 'Payee' },
      now,
    );
    stored.push(pending);
    ledgers.add(pending);
    const at = new Date('2026-03-02T06:00:00Z');
    const booked = ledgers.prepareSettlement(account, pending, at);
    pending.removedAt = at.toISOString();
    stored.push(booked);
    ledgers.remove(pending);
    ledgers.add(booked);
    const ledger = ledgers.ledger(account);
    expect(booked).toMatchObject({
      seq: 45,
      transactionId: pending.transactionId,
      status: 'booked',
      bookingDate: '2026-03-02',
      creditorName: 'Payee',
      amountCents: -2_000,
    });
    expect(ledger.pending.map((entry) => entry.seq)).toEqual([41, 42, 43]);
    expect(ledger.booked.at(-1)!.seq).toBe(45);
    expect(ledger.bookedBalanceCents).toBe(100_000 - 2_000);
    expect(ledger.pendingCents).toBe(seededPendingCents);
    expect(ledger.lastChangeAt).toBe('2026-03-02T06:00:00.000Z');
  });

  it('removes a rejected pending entry without reusing its seq', () => {
    const stored: BookingRecord[] = [];
    const ledgers = createLedgers(seed, () => stored);
    const pending = ledgers.prepareBooking(account, { amountCents: -900, status: 'pending' }, now);
    stored.push(pending);
    ledgers.add(pending);
    expect(ledgers.ledger(account).pendingCents).toBe(seededPendingCents - 900);
    pending.removedAt = '2026-03-01T11:00:00.000Z';
    ledgers.remove(pending);
    expect(ledgers.ledger(account).pendingCents).toBe(seededPendingCents);
    expect(ledgers.ledger(account).pending.map((entry) => entry.seq)).toEqual([41, 42, 43]);
    expect(ledgers.prepareBooking(account, { amountCents: 1, status: 'booked' }, now).seq).toBe(45);
  });

  it('refuses to remove an entry that is not a pending one marked removed', () => {
    const ledgers = createLedgers(seed, () => []);
    const pending = ledgers.prepareBooking(account, { amountCents: -900, status: 'pending' }, now);
    ledgers.add(pending);
    expect(() => ledgers.remove(pending)).toThrow(RangeError);
    const booked = ledgers.prepareBooking(account, { amountCents: 100, status: 'booked' }, now);
    ledgers.add(booked);
    expect(() => ledgers.remove({ ...booked, removedAt: now.toISOString() })).toThrow(RangeError);
    expect(() => ledgers.remove({ ...pending, seq: 99, removedAt: now.toISOString() })).toThrow(RangeError);
  });

  it('rebuilds the same ledger after a restart from records marked removed', () => {
    const stored: BookingRecord[] = [];
    const live = createLedgers(seed, () => stored);
    const keep = live.prepareBooking(account, { amountCents: -300, status: 'pending' }, now);
    stored.push(keep);
    live.add(keep);
    const settle = live.prepareBooking(account, { amountCents: -2_000, status: 'pending' }, now);
    stored.push(settle);
    live.add(settle);
    const booked = live.prepareSettlement(account, settle, new Date('2026-03-02T06:00:00Z'));
    settle.removedAt = '2026-03-02T06:00:00.000Z';
    stored.push(booked);
    live.remove(settle);
    live.add(booked);
    const cancelled = live.prepareBooking(
      account,
      { amountCents: -50, status: 'pending' },
      new Date('2026-03-02T07:00:00Z'),
    );
    stored.push(cancelled);
    live.add(cancelled);
    cancelled.removedAt = '2026-03-02T08:00:00.000Z';
    live.remove(cancelled);
    const restarted = createLedgers(seed, () => [...stored].reverse()).ledger(account);
    const before = live.ledger(account);
    expect(restarted.booked).toEqual(before.booked);
    expect(restarted.pending).toEqual(before.pending);
    expect([restarted.lastSeq, restarted.bookedBalanceCents, restarted.pendingCents, restarted.lastChangeAt]).toEqual([
      47,
      before.bookedBalanceCents,
      before.pendingCents,
      '2026-03-02T08:00:00.000Z',
    ]);
    expect(before.lastSeq).toBe(47);
  });

  it('never moves the change time back when a settlement is booked at an earlier due instant', () => {
    const stored: BookingRecord[] = [];
    const ledgers = createLedgers(seed, () => stored);
    const later = ledgers.prepareBooking(
      account,
      { amountCents: 100, status: 'booked' },
      new Date('2026-03-01T12:00:00Z'),
    );
    stored.push(later);
    ledgers.add(later);
    const earlier = ledgers.prepareBooking(
      account,
      { amountCents: 100, status: 'booked' },
      new Date('2026-03-01T11:00:00Z'),
    );
    stored.push(earlier);
    ledgers.add(earlier);
    expect(ledgers.ledger(account).lastChangeAt).toBe('2026-03-01T12:00:00.000Z');
  });

  it('refuses an amount that is not a whole number of cents', () => {
    expect(() =>
      createLedgers(seed, () => []).prepareBooking(account, { amountCents: 1.5, status: 'booked' }, now),
    ).toThrow(RangeError);
  });
});
