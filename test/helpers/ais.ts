/** Account-information steps shared by the AIS tests: create a consent, let a customer act on it. */
import type { Answer, ClientCertificate } from './tls-client.js';
import type { TestSandbox } from './sandbox.js';

export const REDIRECT = 'https://tpp.example/callback';
export const NOK_REDIRECT = 'https://tpp.example/declined';
export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export interface Created {
  consentId: string;
  authorisationId: string;
  answer: Answer;
}

export async function createConsent(
  t: TestSandbox,
  body: unknown,
  options: { client?: ClientCertificate; headers?: Record<string, string | undefined> } = {},
): Promise<Created> {
  const answer = await t.call({
    method: 'POST',
    path: '/v1/consents',
    client: options.client ?? t.tpp,
    headers: { 'TPP-Redirect-URI': REDIRECT, ...options.headers },
    body,
  });
  const json = answer.json as { consentId?: string; authorisationId?: string };
  return { consentId: json.consentId ?? '', authorisationId: json.authorisationId ?? '', answer };
}

export async function customerActs(
  t: TestSandbox,
  authorisationId: string,
  psuId: string,
  decision: 'approve' | 'decline' = 'approve',
  otp?: string,
) {
  return t.control(`/authorisations/${authorisationId}`, {
    body: { psuId, decision, ...(otp === undefined ? {} : { otp }) },
  });
}

/** A consent the customer approved; `access` defaults to all three types on the given IBANs. */
export async function validConsent(
  t: TestSandbox,
  ibans: string[],
  options: {
    recurring?: boolean;
    psuId?: string;
    client?: ClientCertificate;
    access?: Record<string, { iban: string }[]>;
    validUntil?: string;
  } = {},
): Promise<string> {
  const refs = ibans.map((iban) => ({ iban }));
  const created = await createConsent(
    t,
    {
      access: options.access ?? { accounts: refs, balances: refs, transactions: refs },
      recurringIndicator: options.recurring ?? true,
      frequencyPerDay: 4,
      ...(options.validUntil ? { validUntil: options.validUntil } : {}),
    },
    options.client ? { client: options.client } : {},
  );
  if (created.answer.status !== 201) throw new Error(`consent creation failed: ${created.answer.text}`);
  const acted = await customerActs(t, created.authorisationId, options.psuId ?? 'anna');
  if ((acted.json as { scaStatus: string }).scaStatus !== 'finalised')
    throw new Error(`approval failed: ${JSON.stringify(acted.json)}`);
  return created.consentId;
}

export function ibansOf(t: TestSandbox, psuId: string): string[] {
  return (
    t.sandbox
      .customers()
      .find((customer) => customer.psuId === psuId)
      ?.accounts.map((account) => account.iban) ?? []
  );
}

export function resourceIdOf(t: TestSandbox, iban: string): string {
  const account = t.sandbox
    .customers()
    .flatMap((customer) => customer.accounts)
    .find((a) => a.iban === iban);
  if (!account) throw new Error(`no account ${iban}`);
  return account.resourceId;
}

export function codeOf(answer: Answer | { json: unknown }): string | undefined {
  return (answer.json as { tppMessages?: { code: string }[] } | undefined)?.tppMessages?.[0]?.code;
}
