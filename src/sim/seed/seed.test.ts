import { describe, expect, it } from 'vitest';
import { isValidIban } from '../../contract/index.js';
import { loadCustomersFixture } from './fixtures.js';
import { buildSeed } from './seed.js';

const fixture = loadCustomersFixture();
const build = (seed: number, customers = 20) => buildSeed({ seed, customers, anchor: '2026-03-01', fixture });

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
    expect(c.customers.slice(0, 3)).toEqual(a.customers.slice(0, 3));
    expect(c.customers.slice(3).map((x) => x.name)).not.toEqual(a.customers.slice(3).map((x) => x.name));
  });

  it('puts the named fixture customers first and adds the requested number of generated ones', () => {
    const seed = build(42, 20);
    expect(seed.customers.map((customer) => customer.psuId).slice(0, 3)).toEqual(['anna', 'ben', 'clara']);
    expect(seed.customers).toHaveLength(23);
    expect(new Set(seed.customers.map((customer) => customer.psuId)).size).toBe(23);
  });

  it('issues valid, unique German IBANs of the sandbox bank and opaque resource ids', () => {
    const seed = build(42, 200);
    const accounts = seed.customers.flatMap((customer) => customer.accounts);
    expect(accounts.every((account) => isValidIban(account.iban) && account.iban.slice(4, 12) === '12345678')).toBe(true);
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

  it('seeds 10,000 customers with unique PSU ids and IBANs', () => {
    const seed = build(42, 10_000);
    expect(seed.customers).toHaveLength(10_003);
    expect(new Set(seed.customers.map((customer) => customer.psuId)).size).toBe(10_003);
    const ibans = seed.customers.flatMap((customer) => customer.accounts.map((account) => account.iban));
    expect(new Set(ibans).size).toBe(ibans.length);
  });
});
