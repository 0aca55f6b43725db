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
  let ledgers = createLedgers(seed, options.bookings);
  return {
    get seed() {
      return seed;
    },
    get ledgers() {
      return ledgers;
    },
    bankCode: options.fixture.bankCode,
    restart(anchor) {
      const before = { seed, ledgers };
      if (anchor !== seed.anchor) seed = seedOn(anchor);
      // Run-time bookings are gone; the indexes over them are rebuilt on first use.
      ledgers = createLedgers(seed, options.bookings);
      return () => {
        ({ seed, ledgers } = before);
      };
    },
  };
}
