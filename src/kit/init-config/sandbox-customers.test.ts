import { describe, expect, it } from 'vitest';
import { ibanProblem, makeIban } from '../../contract/index.js';
import {
  approvers,
  chooseFixtures,
  creditorIban,
  notHeldIban,
  type AccountFacts,
  type SandboxCustomer,
} from './sandbox-customers.js';

const iban = (account: string) => makeIban('DE', `12345678${account}`);
const account = (number: string, extra: { status?: 'live' | 'closed'; compliance?: string } = {}) => ({
  iban: iban(number),
  resourceId: `acc-${number}`,
  currency: 'EUR',
  status: 'live' as const,
  ...extra,
});
const CUSTOMERS: SandboxCustomer[] = [
  { psuId: 'dora', password: 'd', outcome: 'declines', accounts: [account('0000400001'), account('0000400002')] },
  { psuId: 'anna', password: 'a', accounts: [account('0000100001'), account('0000100002')] },
  { psuId: 'ben', password: 'b', accounts: [account('0000200001')] },
  { psuId: 'gero', password: 'g', accounts: [account('0000700001'), account('0000700002', { status: 'closed' })] },
  { psuId: 'hanna', password: 'h', accounts: [account('0000800001', { compliance: 'hold' })] },
];

describe('choosing a config’s fixtures from an xs2a-kit sandbox’s customers', () => {
  it('lets only a customer without a scripted outcome and with two usable accounts approve', () => {
    expect(approvers(CUSTOMERS).map((customer) => customer.psuId)).toEqual(['anna']);
  });

  it('takes the account with the longest history as main, the other as second, a round thousand above its balance', () => {
    const facts = new Map<string, AccountFacts>([
      [iban('0000100001'), { booked: 12, balance: '10200.00' }],
      [iban('0000100002'), { booked: 501, balance: '2450.75' }],
    ]);
    const chosen = chooseFixtures(CUSTOMERS, CUSTOMERS[1]!, facts);
    expect(chosen).toMatchObject({
      psu: { id: 'anna', password: 'a' },
      otherPsu: { id: 'ben', password: 'b' },
      ibans: {
        main: iban('0000100002'),
        second: iban('0000100001'),
        creditor: 'DE89370400440532013000',
        closed: iban('0000700002'),
        held: iban('0000800001'),
      },
      amounts: { small: '1.25', beyondBalance: '3450.00' },
    });
  });

  it('leaves out closed and held when no customer has such an account', () => {
    const plain = CUSTOMERS.slice(0, 3);
    const chosen = chooseFixtures(plain, plain[1]!, new Map());
    expect(chosen.ibans).not.toHaveProperty('closed');
    expect(chosen.ibans).not.toHaveProperty('held');
  });

  it('computes an unheld IBAN of the same bank, valid, that no customer holds', () => {
    const held = new Set([iban('0000109999'), iban('0000109998')]);
    const notHeld = notHeldIban(iban('0000100001'), held);
    expect(ibanProblem(notHeld)).toBeUndefined();
    expect(notHeld).toBe(iban('0000109997'));
    expect(notHeld.slice(4, 12)).toBe('12345678');
  });

  it('takes a creditor at another bank than the main account’s', () => {
    expect(creditorIban(iban('0000100001'))).toBe('DE89370400440532013000');
    expect(creditorIban('DE89370400440532013000')).toBe('DE02120300000000202051');
  });
});
