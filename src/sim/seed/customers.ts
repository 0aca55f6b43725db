/** Seeded customers: the named fixtures first, then `count` generated ones, all from the seed. */
import { makeIban, toCents } from '../../contract/index.js';
import type { CustomersFixture } from './fixtures.js';
import { resourceIdFor, withFaker, type Faker } from './random.js';

export interface SeedAccount {
  resourceId: string;
  iban: string;
  currency: 'EUR';
  name: string;
  product: string;
  cashAccountType: string;
  ownerPsuId: string;
  ownerName: string;
  /** Booked balance at the seed anchor, consistent with the history. */
  closingBalanceCents: number;
  historySize: number;
  /** Seeded pending rows after the booked history; not in closingBalanceCents. */
  pendingSize: number;
  /** `closed`: held by the bank but no payment can leave or reach it. */
  status: 'live' | 'closed';
  compliance: 'hold' | undefined;
}

export interface SeedCustomer {
  psuId: string;
  password: string;
  name: string;
  about: string | undefined;
  /** Scripted SCA outcome of a fixture customer, if any. */
  outcome: string | undefined;
  accounts: SeedAccount[];
}

function asciiHandle(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/ß/g, 'ss')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
}

function generatedCustomer(
  f: Faker,
  index: number,
  bankCode: string,
): Omit<SeedCustomer, 'psuId'> & { handle: string } {
  const firstName = f.person.firstName();
  const lastName = f.person.lastName();
  const name = `${firstName} ${lastName}`;
  const count = f.number.int({ min: 1, max: 3 });
  const kinds = [
    { name: 'Girokonto', product: 'Girokonto', cashAccountType: 'CACC' },
    { name: 'Tagesgeld', product: 'Tagesgeld', cashAccountType: 'SVGS' },
    { name: 'Haushaltskonto', product: 'Girokonto', cashAccountType: 'CACC' },
  ];
  const accounts = kinds.slice(0, count).map((kind, k) => {
    // Generated account numbers start with 2, fixtures' with 0: the two can never collide.
    const accountNumber = `2${String(index).padStart(7, '0')}${String(k).padStart(2, '0')}`;
    const iban = makeIban('DE', `${bankCode}${accountNumber}`);
    return {
      ...kind,
      resourceId: resourceIdFor(iban),
      iban,
      currency: 'EUR' as const,
      ownerPsuId: '',
      ownerName: name,
      closingBalanceCents: f.number.int({ min: 5_000, max: 2_500_000 }),
      historySize: f.number.int({ min: 20, max: 250 }),
      // Not drawn from faker: adding them must not shift the generated values that follow.
      pendingSize: 0,
      status: 'live' as const,
      compliance: undefined,
    };
  });
  return {
    handle: `${asciiHandle(firstName)}.${asciiHandle(lastName)}`,
    password: `${asciiHandle(firstName) || 'kunde'}-${f.string.numeric(4)}`,
    name,
    about: undefined,
    outcome: undefined,
    accounts,
  };
}

export function buildCustomers(options: { seed: number; count: number; fixture: CustomersFixture }): SeedCustomer[] {
  const { bankCode } = options.fixture;
  const customers: SeedCustomer[] = options.fixture.customers.map((fixture) => ({
    psuId: fixture.psuId,
    password: fixture.password,
    name: fixture.name,
    about: fixture.about,
    outcome: fixture.outcome,
    accounts: fixture.accounts.map((account) => {
      const iban = makeIban('DE', `${bankCode}${account.accountNumber}`);
      return {
        resourceId: resourceIdFor(iban),
        iban,
        currency: 'EUR',
        name: account.name,
        product: account.product,
        cashAccountType: account.cashAccountType,
        ownerPsuId: fixture.psuId,
        ownerName: fixture.name,
        closingBalanceCents: toCents(account.balance),
        historySize: account.history,
        pendingSize: account.pending,
        status: account.status,
        compliance: account.compliance,
      };
    }),
  }));
  const taken = new Set(customers.map((customer) => customer.psuId));
  for (let index = 1; index <= options.count; index += 1) {
    const generated = withFaker(options.seed, ['customer', index], (f) => generatedCustomer(f, index, bankCode));
    const psuId = taken.has(generated.handle) ? `${generated.handle}${index}` : generated.handle;
    taken.add(psuId);
    const { handle: _handle, ...rest } = generated;
    customers.push({ ...rest, psuId, accounts: rest.accounts.map((account) => ({ ...account, ownerPsuId: psuId })) });
  }
  return customers;
}
