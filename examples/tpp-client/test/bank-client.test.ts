import { describe, expect, it } from 'vitest';
import { BankError, bankClient } from '../src/bank-client.js';
import { sandbox } from './sandbox.js';

const client = () => bankClient((input, init) => sandbox.fetch(input, init), 'https://tpp.example/return');
const anna = () => sandbox.customers().find((customer) => customer.psuId === 'anna')!.accounts[0]!;

describe('the bank client', () => {
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
    expect(await bank.consentStatus(consentId)).toBe('rejected');
    await expect(bank.bookedBalanceCents(consentId, anna().resourceId)).rejects.toMatchObject({
      status: 401,
      code: 'CONSENT_INVALID',
    });
  });

  it('surfaces the bank being down as a BankError with the status', async () => {
    const bank = client();
    await sandbox.faults.add({ kind: 'error-500', count: 1, match: { path: '/v1/consents' } });
    await expect(bank.askForBalances(anna().iban)).rejects.toBeInstanceOf(BankError);
    await expect(bank.askForBalances(anna().iban)).resolves.toMatchObject({ consentId: expect.any(String) });
  });
});
