/**
 * The generated client against the sandbox: a consent the customer approves, the accounts it
 * grants, and a payment the customer authorises. `sandbox.fetch` is the mutual-TLS fetch, and
 * `sandbox.psu` stands in for the customer on the bank's SCA page.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from 'xs2a-kit';
import { berlinGroupClient } from '../src/flow.js';

let sandbox: Sandbox;
beforeAll(async () => void (sandbox = await startSandbox()));
afterAll(() => sandbox.close());

it('runs a consent, accounts and payment flow typed by the Berlin Group 1.3.12 definition', async () => {
  const bank = berlinGroupClient(sandbox.apiUrl, (request) => sandbox.fetch(request), 'https://tpp.example/return');
  const [girokonto, tagesgeld] = sandbox.customers().find((customer) => customer.psuId === 'anna')!.accounts;

  const consent = await bank.createConsent(girokonto!.iban);
  expect(consent.scaRedirect).toMatch(/^http/);
  expect(await bank.consentStatus(consent.consentId)).toBe('received');
  await sandbox.psu('anna').approve(consent.authorisationId!);
  expect(await bank.consentStatus(consent.consentId)).toBe('valid');
  expect((await bank.accounts(consent.consentId)).map((account) => account.iban)).toEqual([girokonto!.iban]);

  const payment = await bank.payment(girokonto!.iban, tagesgeld!.iban, '12.30');
  expect(payment.transactionStatus).toBe('RCVD');
  const authorisations = await sandbox.fetch(`/v1/payments/sepa-credit-transfers/${payment.paymentId}/authorisations`);
  const { authorisationIds } = (await authorisations.json()) as { authorisationIds: string[] };
  expect(await sandbox.psu('anna').approve(authorisationIds[0]!)).toMatchObject({ scaStatus: 'finalised' });
});
