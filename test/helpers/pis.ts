/** Payment-initiation steps shared by the PIS tests: initiate, read, let the customer act, count. */
import { makeIban } from '../../src/contract/index.js';
import { customerActs, REDIRECT } from './ais.js';
import type { TestSandbox } from './sandbox.js';
import type { Answer, ClientCertificate } from './tls-client.js';

export const STANDARD = 'sepa-credit-transfers';
export const INSTANT = 'instant-sepa-credit-transfers';
export type Product = typeof STANDARD | typeof INSTANT;

/** A well-formed IBAN of another German bank: routable, not held by the service. */
export const OTHER_BANK_IBAN = 'DE89370400440532013000';
/** The sandbox bank's code with an account number nobody holds: well-formed, not routable. */
export const UNHELD_SERVICE_IBAN = makeIban('DE', '123456789999999999');
/** Brazil: a valid IBAN outside SEPA. */
export const NON_SEPA_IBAN = 'BR1800360305000010009795493C1';

export function transfer(debtorIban: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    debtorAccount: { iban: debtorIban },
    instructedAmount: { currency: 'EUR', amount: '12.30' },
    creditorAccount: { iban: OTHER_BANK_IBAN },
    creditorName: 'Merchant GmbH',
    remittanceInformationUnstructured: 'Invoice 42',
    ...over,
  };
}

export interface Initiated {
  paymentId: string;
  authorisationId: string;
  answer: Answer;
}

export async function initiate(
  t: TestSandbox,
  body: unknown,
  options: {
    product?: string;
    client?: ClientCertificate;
    requestId?: string;
    headers?: Record<string, string | undefined>;
  } = {},
): Promise<Initiated> {
  const answer = await t.call({
    method: 'POST',
    path: `/v1/payments/${options.product ?? STANDARD}`,
    client: options.client ?? t.tpp,
    headers: { 'TPP-Redirect-URI': REDIRECT, ...options.headers },
    ...(options.requestId ? { requestId: options.requestId } : {}),
    body,
  });
  const json = answer.json as { paymentId?: string; authorisationId?: string };
  return { paymentId: json.paymentId ?? '', authorisationId: json.authorisationId ?? '', answer };
}

/** Initiates and insists on 201. */
export async function created(
  t: TestSandbox,
  body: unknown,
  options: Parameters<typeof initiate>[2] = {},
): Promise<Initiated> {
  const result = await initiate(t, body, options);
  if (result.answer.status !== 201) throw new Error(`initiation failed: ${result.answer.status} ${result.answer.text}`);
  return result;
}

export async function transactionStatus(
  t: TestSandbox,
  paymentId: string,
  product: string = STANDARD,
  client?: ClientCertificate,
): Promise<string | undefined> {
  const answer = await t.call({ path: `/v1/payments/${product}/${paymentId}/status`, client: client ?? t.tpp });
  return (answer.json as { transactionStatus?: string }).transactionStatus;
}

/** The customer logs in, enters the code and decides, through the control API. */
export async function authorise(
  t: TestSandbox,
  authorisationId: string,
  psuId: string,
  decision: 'approve' | 'decline' = 'approve',
) {
  return customerActs(t, authorisationId, psuId, decision);
}

export interface PaymentRow {
  paymentId: string;
  tpp: string;
  product: string;
  transactionStatus: string;
  psuId: string | null;
  createdAt: string;
}

export async function paymentRows(t: TestSandbox): Promise<PaymentRow[]> {
  return (await t.control('/payments')).json as PaymentRow[];
}
