/**
 * What the sandbox's client report says about a careless client: each classic mistake, made once,
 * is one finding naming its rule, with the exchanges as evidence (docs/client-report.md); a habit
 * the interface does not require is a hint, apart from the findings.
 */
import { describe, expect, it } from 'vitest';
import { carelessClient } from '../src/careless-client.js';
import { sandbox } from './sandbox.js';

const client = () => carelessClient((input, init) => sandbox.fetch(input, init), 'https://tpp.example/return');
const anna = () => sandbox.customers().find((customer) => customer.psuId === 'anna')!.accounts[0]!;
const rules = () => sandbox.clientReport().findings.map((finding) => finding.rule);

/** A consent to anna's first account that she approved; made with the sandbox's tools, not the careless client. */
async function approvedConsent(): Promise<string> {
  const refs = [{ iban: anna().iban }];
  const answer = await sandbox.fetch('/v1/consents', {
    method: 'POST',
    headers: { 'TPP-Redirect-URI': 'https://tpp.example/return' },
    body: JSON.stringify({ access: { balances: refs }, recurringIndicator: true, frequencyPerDay: 4 }),
  });
  const { consentId, authorisationId } = (await answer.json()) as { consentId: string; authorisationId: string };
  await sandbox.psu('anna').approve(authorisationId);
  return consentId;
}

describe('the careless client', () => {
  it('retries a 4xx unchanged: CLIENT-RETRY-4XX', async () => {
    expect(await client().getWithRetry(`/v1/payments/sepa-credit-transfers/${crypto.randomUUID()}/status`)).toBe(404);
    expect(rules()).toEqual(['CLIENT-RETRY-4XX']);
  });

  it('pays again under a new key after a lost answer: CLIENT-PAYMENT-KEY (two payments)', async () => {
    await sandbox.faults.add({ kind: 'lost-answer', count: 1, match: { method: 'POST', path: '/v1/payments/*' } });
    await client().pay({
      debtorAccount: { iban: anna().iban },
      instructedAmount: { currency: 'EUR', amount: '49.90' },
      creditorAccount: { iban: 'DE89370400440532013000' },
      creditorName: 'Merchant GmbH',
    });
    expect(rules()).toEqual(['CLIENT-PAYMENT-KEY']);
    const [finding] = sandbox.clientReport().findings;
    expect(finding!.severity).toBe('critical');
    expect(finding!.exchanges.map((exchange) => exchange.answer?.status ?? 'lost')).toEqual(['lost', 201]);
  });

  it('puts an IBAN where the resourceId belongs: CLIENT-ACCOUNT-ID', async () => {
    const consentId = await approvedConsent();
    await client().balancesByIban(consentId, anna().iban);
    expect(rules()).toEqual(['CLIENT-ACCOUNT-ID']);
  });

  it('reads unattended after X-RateLimit-Remaining: 0: CLIENT-RATE-REMAINING', async () => {
    const consentId = await approvedConsent();
    expect(await client().refreshBalances(consentId, anna().resourceId, 5)).toEqual([200, 200, 200, 200, 429]);
    expect(rules()).toEqual(['CLIENT-RATE-REMAINING']);
  });

  it('sends one X-Request-ID for two requests: advice (ADVICE-REQUEST-ID-NEW), reported apart, no finding', async () => {
    const consentId = await approvedConsent();
    expect(await client().consentStatuses([consentId, consentId])).toEqual([200, 200]);
    expect(rules()).toEqual([]);
    expect(sandbox.clientReport().hints.map((hint) => hint.rule)).toEqual(['ADVICE-REQUEST-ID-NEW']);
  });
});
