/**
 * The seeded world of one sandbox: customers, their accounts and (built on first use, then kept)
 * their histories. Rebuilt from `--seed`, never stored.
 */
import type { CustomersFixture } from './fixtures.js';
import { buildCustomers, type SeedAccount, type SeedCustomer } from './customers.js';
import { buildHistory, type SeedTransaction } from './history.js';

export interface Seed {
  readonly seed: number;
  readonly anchor: string;
  readonly customers: readonly SeedCustomer[];
  customer(psuId: string): SeedCustomer | undefined;
  accountByIban(iban: string): SeedAccount | undefined;
  accountByResourceId(resourceId: string): SeedAccount | undefined;
  /** Booked rows, then pending rows, in seq order. */
  history(account: SeedAccount): readonly SeedTransaction[];
}

export interface SeedOptions {
  seed: number;
  customers: number;
  anchor: string;
  fixture: CustomersFixture;
}

export function buildSeed(options: SeedOptions): Seed {
  const customers = buildCustomers({ seed: options.seed, count: options.customers, fixture: options.fixture });
  const byPsuId = new Map(customers.map((customer) => [customer.psuId, customer]));
  const accounts = customers.flatMap((customer) => customer.accounts);
  const byIban = new Map(accounts.map((account) => [account.iban, account]));
  const byResourceId = new Map(accounts.map((account) => [account.resourceId, account]));
  // Histories are built lazily: 10,000 customers must seed in milliseconds and small memory.
  const histories = new Map<string, readonly SeedTransaction[]>();
  return {
    seed: options.seed,
    anchor: options.anchor,
    customers,
    customer: (psuId) => byPsuId.get(psuId),
    accountByIban: (iban) => byIban.get(iban),
    accountByResourceId: (resourceId) => byResourceId.get(resourceId),
    history(account) {
      let history = histories.get(account.iban);
      if (!history) {
        history = buildHistory({
          seed: options.seed,
          iban: account.iban,
          ownerName: account.ownerName,
          size: account.historySize,
          pending: account.pendingSize,
          anchor: options.anchor,
        });
        histories.set(account.iban, history);
      }
      return history;
    },
  };
}
