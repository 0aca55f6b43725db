import { describe, expect, it } from 'vitest';
import { ibanProblem } from '../../contract/index.js';
import { loadCustomersFixture, parseCustomersFixture } from './fixtures.js';
import { buildHistory } from './history.js';
import { buildSeed } from './seed.js';

const fixture = loadCustomersFixture();
const build = (seed: number, customers = 20) => buildSeed({ seed, customers, anchor: '2026-03-01', fixture });

const account = (overrides: Record<string, unknown> = {}) => ({
  accountNumber: '0000900001',
  name: 'Girokonto',
  product: 'Girokonto',
  cashAccountType: 'CACC',
  balance: '1000.00',
  history: 30,
  ...overrides,
});
const inlineFixture = (overrides: Record<string, unknown> = {}) =>
  parseCustomersFixture({
    bankCode: '12345678',
    customers: [
      {
        psuId: 'pia',
        password: 'pia-1234',
        name: 'Pia Pending',
        about: 'Pending card payments.',
        accounts: [account(overrides)],
      },
    ],
  });
const pia = (seed: number, overrides: Record<string, unknown> = { pending: 4 }) => {
  const built = buildSeed({ seed, customers: 0, anchor: '2026-03-01', fixture: inlineFixture(overrides) });
  return { seed: built, account: built.customer('pia')!.accounts[0]! };
};

describe('seed', () => {
  it('gives the same customers, IBANs and histories for the same seed', () => {
    const a = build(42);
    const b = build(42);
    expect(b.customers).toEqual(a.customers);
    const account = a.customers[5]!.accounts[0]!;
    expect(b.history(b.accountByIban(account.iban)!)).toEqual(a.history(account));
  });

  it('gives other generated customers for another seed but keeps the fixtures', () => {
    const a = build(42);
    const c = build(7);
    const named = fixture.customers.length;
    expect(c.customers.slice(0, named)).toEqual(a.customers.slice(0, named));
    expect(c.customers.slice(named).map((x) => x.name)).not.toEqual(a.customers.slice(named).map((x) => x.name));
  });

  it('puts the named fixture customers first and adds the requested number of generated ones', () => {
    const seed = build(42, 20);
    const named = fixture.customers.map((customer) => customer.psuId);
    expect(named.slice(0, 3)).toEqual(['anna', 'ben', 'clara']);
    expect(seed.customers.map((customer) => customer.psuId).slice(0, named.length)).toEqual(named);
    expect(seed.customers).toHaveLength(named.length + 20);
    expect(new Set(seed.customers.map((customer) => customer.psuId)).size).toBe(named.length + 20);
  });

  it('issues valid, unique German IBANs of the sandbox bank and opaque resource ids', () => {
    const seed = build(42, 200);
    const accounts = seed.customers.flatMap((customer) => customer.accounts);
    expect(
      accounts.every((account) => ibanProblem(account.iban) === undefined && account.iban.slice(4, 12) === '12345678'),
    ).toBe(true);
    expect(new Set(accounts.map((account) => account.iban)).size).toBe(accounts.length);
    expect(accounts.every((account) => !account.resourceId.includes(account.iban.slice(4)))).toBe(true);
    expect(seed.accountByResourceId(accounts[0]!.resourceId)).toBe(accounts[0]);
  });

  it('builds a history of the declared size, oldest first, ending before the anchor', () => {
    const seed = build(42);
    const clara = seed.customer('clara')!.accounts[0]!;
    const history = seed.history(clara);
    expect(history).toHaveLength(1200);
    expect(history.map((row) => row.seq)).toEqual(Array.from({ length: 1200 }, (_, i) => i + 1));
    const dates = history.map((row) => row.bookingDate);
    expect([...dates].sort()).toEqual(dates);
    expect(dates.at(-1)! < '2026-03-01').toBe(true);
    expect(seed.history(clara)).toBe(history);
  });

  it('adds the pending rows after the booked ones, continuing the seq', () => {
    const { seed, account } = pia(42);
    const history = seed.history(account);
    expect(history.map((row) => row.status)).toEqual([
      ...Array<string>(30).fill('booked'),
      ...Array<string>(4).fill('pending'),
    ]);
    expect(history.map((row) => row.seq)).toEqual(Array.from({ length: 34 }, (_, i) => i + 1));
    expect(new Set(history.map((row) => row.transactionId)).size).toBe(34);
  });

  it('gives pending rows no booking date and a value date in the two days before the anchor, non-decreasing with seq', () => {
    const { seed, account } = pia(42, { pending: 12 });
    const pending = seed.history(account).filter((row) => row.status === 'pending');
    expect(pending).toHaveLength(12);
    expect(pending.every((row) => row.bookingDate === undefined)).toBe(true);
    const dates = pending.map((row) => row.valueDate);
    expect(dates.every((date) => date === '2026-02-27' || date === '2026-02-28')).toBe(true);
    expect([...dates].sort()).toEqual(dates);
  });

  it('makes pending rows card debits paid by the account owner', () => {
    const { seed, account } = pia(42, { pending: 12 });
    const pending = seed.history(account).filter((row) => row.status === 'pending');
    expect(pending.every((row) => row.amountCents < 0 && Number.isInteger(row.amountCents))).toBe(true);
    expect(pending.every((row) => row.debtorName === 'Pia Pending' && row.creditorName !== undefined)).toBe(true);
    expect(pending.every((row) => row.remittanceInformationUnstructured.startsWith('Kartenzahlung '))).toBe(true);
  });

  it('gives the same pending rows for the same seed and other ones for another seed', () => {
    const a = pia(42);
    const b = pia(42);
    const c = pia(7);
    const pendingOf = (x: ReturnType<typeof pia>) =>
      x.seed.history(x.account).filter((row) => row.status === 'pending');
    expect(pendingOf(b)).toEqual(pendingOf(a));
    expect(pendingOf(c).map((row) => row.amountCents)).not.toEqual(pendingOf(a).map((row) => row.amountCents));
  });

  it('leaves the booked rows exactly as they were without pending rows', () => {
    const request = {
      seed: 42,
      iban: 'DE12123456780000900001',
      ownerName: 'Pia Pending',
      size: 30,
      anchor: '2026-03-01',
    };
    const without = buildHistory({ ...request, pending: 0 });
    const withPending = buildHistory({ ...request, pending: 5 });
    expect(without).toHaveLength(30);
    expect(withPending.slice(0, 30)).toEqual(without);
  });

  it('keeps pending amounts out of the closing balance', () => {
    expect(pia(42, { pending: 4 }).account.closingBalanceCents).toBe(100_000);
    expect(pia(42, { pending: 4 }).account.pendingSize).toBe(4);
  });

  it('reads a fixture account without pending as having none, and refuses a negative or fractional count', () => {
    expect(inlineFixture({}).customers[0]!.accounts[0]!.pending).toBe(0);
    expect(
      pia(42, {})
        .seed.history(pia(42, {}).account)
        .every((row) => row.status === 'booked'),
    ).toBe(true);
    expect(() => inlineFixture({ pending: -1 })).toThrow();
    expect(() => inlineFixture({ pending: 1.5 })).toThrow();
  });

  it('carries the closed status and the compliance hold onto the seeded accounts; every other account is live', () => {
    const seed = build(42, 20);
    expect(seed.customer('gero')!.accounts.map((a) => a.status)).toEqual(['live', 'closed']);
    expect(seed.customer('hanna')!.accounts[0]!.compliance).toBe('hold');
    const others = seed.customers.filter((c) => c.psuId !== 'gero' && c.psuId !== 'hanna').flatMap((c) => c.accounts);
    expect(others.every((a) => a.status === 'live' && a.compliance === undefined)).toBe(true);
    expect(() => inlineFixture({ status: 'frozen' })).toThrow();
    expect(inlineFixture({}).customers[0]!.accounts[0]!.status).toBe('live');
  });

  it('gives generated customers no pending rows', () => {
    const seed = build(42, 50);
    const generated = seed.customers.slice(fixture.customers.length).flatMap((customer) => customer.accounts);
    expect(generated.every((account) => account.pendingSize === 0)).toBe(true);
  });

  it('seeds 10,000 customers with unique PSU ids and IBANs', () => {
    const seed = build(42, 10_000);
    const total = fixture.customers.length + 10_000;
    expect(seed.customers).toHaveLength(total);
    expect(new Set(seed.customers.map((customer) => customer.psuId)).size).toBe(total);
    const ibans = seed.customers.flatMap((customer) => customer.accounts.map((account) => account.iban));
    expect(new Set(ibans).size).toBe(ibans.length);
  });
});
