/**
 * The seeded world of a sandbox, held in one place: the seed (customers, accounts, histories) and
 * the ledgers (the per-account transaction index over the seed and the stored bookings). A reset
 * whose day moved the seed's anchor builds both again; every other change of the world goes
 * through the store. The one mutable part of a sandbox besides the store and the clock.
 */
import type { BookingRecord } from './store/data.js';
import { createLedgers, type Ledgers } from './ledger/index.js';
import type { CustomersFixture } from './seed/fixtures.js';
import { buildSeed, type Seed } from './seed/seed.js';

export interface World {
  readonly seed: Seed;
  readonly ledgers: Ledgers;
  /** The bank code of the service's own IBANs (the customers fixture's). */
  readonly bankCode: string;
  /**
   * Starts over for a sandbox reset: the seed anchored on `anchor` (rebuilt only when it moved) and
   * ledgers with no run-time booking indexed. Answers what puts the world back, for an undone reset.
   */
  restart(anchor: string): () => void;
  /**
   * Brings the ledgers already built up to date with bookings another process wrote (as stored now),
   * instead of reading every booking of their accounts again; a ledger not built yet reads them at
   * its first use anyway. Following the same booking twice changes nothing.
   */
  follow(bookings: readonly BookingRecord[]): void;
}

export function createWorld(options: {
  seed: number;
  customers: number;
  fixture: CustomersFixture;
  anchor: string;
  /** The run-time bookings of an account, as stored. */
  bookings: (iban: string) => readonly BookingRecord[];
}): World {
  const seedOn = (anchor: string) =>
    buildSeed({ seed: options.seed, customers: options.customers, anchor, fixture: options.fixture });
  let seed = seedOn(options.anchor);
  /** The accounts whose ledger is built: the ones that read their bookings (createLedgers builds on first use). */
  let built = new Set<string>();
  const ledgersOf = (of: Seed) => {
    const reading = new Set<string>();
    built = reading;
    return createLedgers(of, (iban) => {
      reading.add(iban);
      return options.bookings(iban);
    });
  };
  let ledgers = ledgersOf(seed);
  return {
    get seed() {
      return seed;
    },
    get ledgers() {
      return ledgers;
    },
    bankCode: options.fixture.bankCode,
    restart(anchor) {
      const before = { seed, ledgers, built };
      if (anchor !== seed.anchor) seed = seedOn(anchor);
      // Run-time bookings are gone; the indexes over them are rebuilt on first use.
      ledgers = ledgersOf(seed);
      return () => {
        ({ seed, ledgers, built } = before);
      };
    },
    follow(bookings) {
      // In seq order per account, as they were made: a ledger only ever appends.
      for (const record of [...bookings].sort((a, b) => a.seq - b.seq)) {
        if (!built.has(record.iban)) continue;
        const account = seed.accountByIban(record.iban);
        if (!account) continue;
        const ledger = ledgers.ledger(account);
        if (record.seq > ledger.lastSeq) {
          // New to this process; one made and unmade since it last looked is added and dropped again.
          ledgers.add(record);
          if (record.removedAt !== undefined) ledgers.remove(record);
        } else if (record.removedAt !== undefined && ledger.pending.some((entry) => entry.seq === record.seq)) {
          ledgers.remove(record);
        }
      }
    },
  };
}
