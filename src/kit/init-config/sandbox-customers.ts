/**
 * The test customers a bank that is an xs2a-kit build lists at `GET …/sandbox/customers`, and the
 * choices a config makes from them: who approves (`psu`, holding the account with the long history and
 * a second one), who holds none of that (`otherPsu`), the closed account and the one under a hold, an
 * IBAN of the bank that nobody holds, a payee at another bank, and amounts from the balance.
 */
import { z } from 'zod';
import { formatCents, ibanProblem, makeIban, toCents } from '../../contract/index.js';
import type { Fixtures } from '../target.js';

export const SandboxCustomersSchema = z.array(
  z.object({
    psuId: z.string().min(1),
    password: z.string().min(1),
    outcome: z.string().optional(),
    accounts: z.array(
      z.object({
        iban: z.string(),
        resourceId: z.string().min(1),
        currency: z.string(),
        status: z.enum(['live', 'closed']).optional(),
        compliance: z.string().optional(),
      }),
    ),
  }),
);
export type SandboxCustomer = z.infer<typeof SandboxCustomersSchema>[number];
export type SandboxAccount = SandboxCustomer['accounts'][number];

/** What the API showed of one account: its booked transactions (counted up to a bound) and its largest balance. */
export interface AccountFacts {
  booked: number;
  balance: string;
}

/** Paging needs three pages of booked transactions (more than 500). */
export const LONG_HISTORY = 500;

const usable = (account: SandboxAccount) => account.status !== 'closed' && account.compliance === undefined;

/** Customers who can be the one who approves: no scripted outcome, and two accounts payments may leave. */
export function approvers(customers: readonly SandboxCustomer[]): SandboxCustomer[] {
  return customers.filter((customer) => !customer.outcome && customer.accounts.filter(usable).length >= 2);
}

/** An IBAN of the bank (the main account's country and bank code) that no customer holds. */
export function notHeldIban(main: string, held: ReadonlySet<string>): string {
  const country = main.slice(0, 2);
  const bban = main.slice(4);
  if (!/\d{4}$/.test(bban))
    throw new Error(`cannot derive an unheld IBAN from ${main}: its account number does not end in digits`);
  for (let n = 9999; n >= 0; n -= 1) {
    const candidate = makeIban(country, `${bban.slice(0, -4)}${String(n).padStart(4, '0')}`);
    if (!held.has(candidate)) return candidate;
  }
  throw new Error(`every account number near ${main} is held`);
}

/** Well-known valid IBANs of German banks, for a payee at another bank than the main account's. */
const OTHER_BANKS = ['DE89370400440532013000', 'DE02120300000000202051', 'DE75512108001245126199'];

export function creditorIban(main: string): string {
  const bank = (iban: string) => iban.slice(4, 12);
  return OTHER_BANKS.find((iban) => ibanProblem(iban) === undefined && bank(iban) !== bank(main))!;
}

export interface Chosen {
  psu: { id: string; password: string };
  otherPsu: { id: string; password: string } | undefined;
  ibans: Fixtures['ibans'];
  amounts: Fixtures['amounts'];
}

/**
 * The fixtures, given the customer who approves and what the API showed of their accounts: the main
 * account is the one with the longest history, and the amount beyond the balance is a round thousand
 * above what it holds.
 */
export function chooseFixtures(
  customers: readonly SandboxCustomer[],
  psu: SandboxCustomer,
  facts: ReadonlyMap<string, AccountFacts>,
): Chosen {
  const own = psu.accounts.filter(usable);
  const byHistory = [...own].sort((a, b) => (facts.get(b.iban)?.booked ?? 0) - (facts.get(a.iban)?.booked ?? 0));
  const main = byHistory[0]!;
  const second = byHistory[1]!;
  const all = customers.flatMap((customer) => customer.accounts);
  const other = customers.find((customer) => customer !== psu && !customer.outcome && customer.accounts.some(usable));
  const closed = all.find((account) => account.status === 'closed');
  const held = all.find((account) => account.compliance !== undefined && account.status !== 'closed');
  const balance = toCents(facts.get(main.iban)?.balance ?? '0');
  return {
    psu: { id: psu.psuId, password: psu.password },
    otherPsu: other && { id: other.psuId, password: other.password },
    ibans: {
      main: main.iban,
      second: second.iban,
      notHeld: notHeldIban(main.iban, new Set(all.map((account) => account.iban))),
      creditor: creditorIban(main.iban),
      ...(closed ? { closed: closed.iban } : {}),
      ...(held ? { held: held.iban } : {}),
    },
    amounts: { small: '1.25', beyondBalance: formatCents((Math.floor(Math.max(balance, 0) / 100) + 1000) * 100) },
  };
}
