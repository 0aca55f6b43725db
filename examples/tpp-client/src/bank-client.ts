/**
 * The TPP's own client for a bank's XS2A account-information interface: it asks for a consent,
 * sends the customer to the bank, then reads balances. It takes whatever fetch speaks mutual TLS
 * with the provider's QWAC, so the same code runs against the bank and against the sandbox.
 */
export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

export class BankError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
  ) {
    super(`the bank refused: ${status} ${code ?? ''}`.trim());
  }
}

async function answer<T>(response: Response): Promise<T> {
  if (response.ok) return (await response.json()) as T;
  const body = (await response.json().catch(() => undefined)) as { tppMessages?: { code?: string }[] } | undefined;
  throw new BankError(response.status, body?.tppMessages?.[0]?.code);
}

export function bankClient(fetch: Fetch, redirectUri: string) {
  return {
    /** A recurring consent to read the balances of one account; the customer approves at `scaRedirect`. */
    async askForBalances(iban: string): Promise<{ consentId: string; authorisationId: string; scaRedirect: string }> {
      const body = JSON.stringify({
        access: { balances: [{ iban }] },
        recurringIndicator: true,
        validUntil: '2099-12-31',
        frequencyPerDay: 4,
      });
      const created = await answer<{
        consentId: string;
        authorisationId: string;
        _links: { scaRedirect: { href: string } };
      }>(
        await fetch('/v1/consents', {
          method: 'POST',
          headers: { 'TPP-Redirect-URI': redirectUri, 'PSU-IP-Address': '192.0.2.10' },
          body,
        }),
      );
      return {
        consentId: created.consentId,
        authorisationId: created.authorisationId,
        scaRedirect: created._links.scaRedirect.href,
      };
    },
    async consentStatus(consentId: string): Promise<string> {
      return (await answer<{ consentStatus: string }>(await fetch(`/v1/consents/${consentId}/status`))).consentStatus;
    },
    /** The booked balance of an account the consent grants, in cents. */
    async bookedBalanceCents(consentId: string, accountId: string): Promise<number> {
      const { balances } = await answer<{ balances: { balanceType: string; balanceAmount: { amount: string } }[] }>(
        await fetch(`/v1/accounts/${accountId}/balances`, {
          headers: { 'Consent-ID': consentId, 'PSU-IP-Address': '192.0.2.10' },
        }),
      );
      const booked = balances.find((balance) => balance.balanceType === 'closingBooked');
      if (!booked) throw new Error('no closingBooked balance');
      return Math.round(Number(booked.balanceAmount.amount) * 100);
    },
  };
}
