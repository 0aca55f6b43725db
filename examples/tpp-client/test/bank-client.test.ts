import { afterEach, describe, expect, it } from 'vitest';
import { BankError, bankClient } from '../src/bank-client.js';
import { sandbox } from './sandbox.js';

const client = () => bankClient((input, init) => sandbox.fetch(input, init), 'https://tpp.example/return');
const anna = () => sandbox.customers().find((customer) => customer.psuId === 'anna')!.accounts[0]!;

describe('the bank client', () => {
  // The sandbox judges every request against the client rules (xs2a-kit client-rules): this client breaks none.
  afterEach(() => expect(sandbox.clientReport().findings).toEqual([]));

  it('reads a balance once the customer approved, and sees a booking arrive', async () => {
    const bank = client();
    const { consentId, authorisationId } = await bank.askForBalances(anna().iban);
    expect(await bank.consentStatus(consentId)).toBe('received');
    await sandbox.psu('anna').approve(authorisationId);
    const before = await bank.bookedBalanceCents(consentId, anna().resourceId);
    await sandbox.bookTransaction({ iban: anna().iban, amount: '25.00', counterpartyName: 'Salary' });
    expect(await bank.bookedBalanceCents(consentId, anna().resourceId)).toBe(before + 2500);
  });

  it('reports a consent the customer declined', async () => {
    const bank = client();
    const { consentId, authorisationId } = await bank.askForBalances(anna().iban);
    await sandbox.psu('anna').decline(authorisationId);
    await expect(bank.bookedBalanceCents(consentId, anna().resourceId)).rejects.toMatchObject({
      status: 401,
      code: 'CONSENT_INVALID',
    });
    // Asked after the refusal: a client that read "rejected" first and still used the consent would be judged for it.
    expect(await bank.consentStatus(consentId)).toBe('rejected');
  });

  it('surfaces the bank being down as a BankError with the status', async () => {
    const bank = client();
    await sandbox.faults.add({ kind: 'error-500', count: 1, match: { path: '/v1/consents' } });
    await expect(bank.askForBalances(anna().iban)).rejects.toBeInstanceOf(BankError);
    // A 5xx may be retried after a backoff (the sandbox clock stands in for the wait).
    await sandbox.clock.advance('PT1S');
    await expect(bank.askForBalances(anna().iban)).resolves.toMatchObject({ consentId: expect.any(String) });
  });
});
