/**
 * A client that makes the classic mistakes, so its test can show what the sandbox's client report
 * says about each (docs/client-report.md). Every call works often enough against a friendly bank;
 * each costs money, access budget or a day of 429s at a real one. Do not copy it.
 */
import type { Fetch } from './bank-client.js';

export function carelessClient(fetch: Fetch, redirectUri: string) {
  return {
    /** Mistake: "just try again" on any refusal, at once and unchanged; a 4xx can only come back the same. */
    async getWithRetry(path: string, headers: Record<string, string> = {}): Promise<number> {
      let response = await fetch(path, { headers });
      if (!response.ok) response = await fetch(path, { headers });
      return response.status;
    },

    /** Mistake: a payment whose answer never came is sent again under a new X-Request-ID: two payments. */
    async pay(body: object): Promise<string> {
      const send = () =>
        fetch('/v1/payments/sepa-credit-transfers', {
          method: 'POST',
          headers: { 'X-Request-ID': crypto.randomUUID(), 'TPP-Redirect-URI': redirectUri },
          body: JSON.stringify(body),
        });
      const response = await send().catch(() => send());
      return ((await response.json()) as { paymentId: string }).paymentId;
    },

    /** Mistake: the account's IBAN in the path, where the resourceId of the account list belongs. */
    async balancesByIban(consentId: string, iban: string): Promise<number> {
      return (await fetch(`/v1/accounts/${iban}/balances`, { headers: { 'Consent-ID': consentId } })).status;
    },

    /** Mistake: a dashboard refreshing balances unattended, deaf to X-RateLimit-Remaining: 0. */
    async refreshBalances(consentId: string, accountId: string, times: number): Promise<number[]> {
      const statuses: number[] = [];
      for (let i = 0; i < times; i++)
        statuses.push(
          (await fetch(`/v1/accounts/${accountId}/balances`, { headers: { 'Consent-ID': consentId } })).status,
        );
      return statuses;
    },

    /** Mistake: one X-Request-ID for the whole session, as if it named the client rather than the request. */
    async consentStatuses(consentIds: string[]): Promise<number[]> {
      const sessionId = crypto.randomUUID();
      const statuses: number[] = [];
      for (const consentId of consentIds)
        statuses.push(
          (await fetch(`/v1/consents/${consentId}/status`, { headers: { 'X-Request-ID': sessionId } })).status,
        );
      return statuses;
    },
  };
}
