/**
 * What the XS2A API shows of a customer's accounts, read as a provider would: one consent over them
 * (attended, so no unattended budget is spent), approved through the control API, then each account's
 * balances and booked transactions (paged until there are more than enough), then the consent is
 * deleted. Errors name the call, so `--init-config` can say in one line why it could not read.
 */
import type { ClientCertificate } from '../client.js';
import { createClient } from '../client.js';
import type { ControlRequest } from '../targets/control-api.js';
import { LONG_HISTORY, type AccountFacts, type SandboxCustomer } from './sandbox-customers.js';

export interface ApiAccess {
  baseUrl: string;
  ca: string;
  provider: ClientCertificate;
  control: ControlRequest;
}

const ATTENDED = { 'PSU-IP-Address': '192.0.2.10' };
const REDIRECT = 'https://tpp.example/xs2a/ok';

export class ReadFailed extends Error {}

type Json = Record<string, unknown> | undefined;

function largestBalance(json: Json): string {
  const balances = (json?.balances ?? []) as { balanceAmount?: { amount?: string } }[];
  const amounts = balances.map((balance) => Number(balance.balanceAmount?.amount ?? 'NaN')).filter(Number.isFinite);
  return amounts.length === 0 ? '0.00' : Math.max(...amounts).toFixed(2);
}

export async function readAccounts(access: ApiAccess, customer: SandboxCustomer): Promise<Map<string, AccountFacts>> {
  const client = createClient({
    baseUrl: access.baseUrl,
    ca: access.ca,
    certificate: access.provider,
    label: 'init-config',
    record: () => {},
  });
  const expect = (what: string, status: number, wanted: number) => {
    if (status !== wanted) throw new ReadFailed(`${what} answered ${status}, not ${wanted}`);
  };
  const refs = customer.accounts.map((account) => ({ iban: account.iban }));
  const created = await client.call({
    method: 'POST',
    path: '/v1/consents',
    headers: { 'TPP-Redirect-URI': REDIRECT, ...ATTENDED },
    body: {
      access: { accounts: refs, balances: refs, transactions: refs },
      recurringIndicator: true,
      validUntil: '9999-12-31',
      frequencyPerDay: 4,
      combinedServiceIndicator: false,
    },
  });
  expect(`POST /v1/consents for ${customer.psuId}'s accounts`, created.status, 201);
  const { consentId, authorisationId } = created.json as { consentId: string; authorisationId: string };
  try {
    const approved = await access.control('POST', `/authorisations/${encodeURIComponent(authorisationId)}`, {
      psuId: customer.psuId,
      decision: 'approve',
    });
    expect(`the control API's approval of that consent as ${customer.psuId}`, approved.status, 200);
    const headers = { 'Consent-ID': consentId, ...ATTENDED };
    const facts = new Map<string, AccountFacts>();
    for (const account of customer.accounts) {
      const id = encodeURIComponent(account.resourceId);
      const balances = await client.call({ path: `/v1/accounts/${id}/balances`, headers });
      expect(`GET /v1/accounts/${account.resourceId}/balances`, balances.status, 200);
      let booked = 0;
      let path: string | undefined = `/v1/accounts/${id}/transactions?bookingStatus=booked`;
      while (path !== undefined && booked <= LONG_HISTORY) {
        const page = await client.call({ path, headers });
        expect(`GET ${path}`, page.status, 200);
        const transactions = (page.json as { transactions?: { booked?: unknown[]; _links?: Json } }).transactions;
        booked += transactions?.booked?.length ?? 0;
        path = (transactions?._links?.next as { href?: string } | undefined)?.href;
      }
      facts.set(account.iban, { booked, balance: largestBalance(balances.json as Json) });
    }
    return facts;
  } finally {
    // Leave nothing behind that the run could trip over: the consent was only for reading.
    await client.call({ method: 'DELETE', path: `/v1/consents/${encodeURIComponent(consentId)}` }).catch(() => {});
  }
}
