/**
 * Every process of a facility killed with SIGKILL, one started again: it picks up the due work where
 * it was left, because what is due is kept in the database, not in a process: a revocation callback
 * still retrying is sent (once), a payment waiting in PDNG is cancelled after 24 hours unanswered,
 * and a standard payment settles on the next business day (spec "Limits", Interpretations).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REDIRECT } from '../helpers/ais.js';
import { callbackReceiver, type CallbackReceiver } from '../helpers/callback-receiver.js';
import { startFacility, waitFor, type Facility } from '../helpers/facility.js';
import { OTHER_BANK_IBAN, transfer } from '../helpers/pis.js';

let f: Facility;
let receiver: CallbackReceiver;

beforeAll(async () => {
  f = await startFacility('restart', 2);
  receiver = await callbackReceiver(f.certs);
}, 60_000);

afterAll(async () => {
  receiver?.close();
  await f?.close();
});

const ANNA = 'DE12123456780000100001';

async function approved(body: unknown): Promise<string> {
  const made = await f.call({
    method: 'POST',
    path: '/v1/payments/sepa-credit-transfers',
    client: f.tpp,
    headers: { 'TPP-Redirect-URI': REDIRECT },
    body,
  });
  expect(made.status).toBe(201);
  const { paymentId, authorisationId } = made.json as { paymentId: string; authorisationId: string };
  expect((await f.control(`/authorisations/${authorisationId}`, { psuId: 'anna', decision: 'approve' })).status).toBe(
    200,
  );
  return paymentId;
}

const statusOf = async (paymentId: string) =>
  ((await f.call({ path: `/v1/payments/sepa-credit-transfers/${paymentId}/status`, client: f.tpp })).json as any)
    .transactionStatus;

it('picks up due work after every process was killed: a callback retry, a PDNG cancellation, a settlement', async () => {
  const customers = (await f.control('/customers')).json as { psuId: string; accounts: { iban: string }[] }[];
  const JUERGEN = customers.find((c) => c.psuId === 'juergen')!.accounts[0]!.iban;
  expect(
    (await f.call({ method: 'PUT', path: '/v1/revocation-callback', client: f.tpp, body: { url: receiver.url } }))
      .status,
  ).toBe(200);
  const made = await f.call({
    method: 'POST',
    path: '/v1/consents',
    client: f.tpp,
    headers: { 'TPP-Redirect-URI': REDIRECT },
    body: { access: { balances: [{ iban: ANNA }] }, recurringIndicator: true, frequencyPerDay: 4 },
  });
  const { consentId, authorisationId } = made.json as { consentId: string; authorisationId: string };
  await f.control(`/authorisations/${authorisationId}`, { psuId: 'anna', decision: 'approve' });
  receiver.status = 500;
  expect((await f.control(`/consents/${consentId}/revoke`, {})).status).toBe(200);
  await waitFor(() => receiver.received.length === 1);

  const waiting = await approved(transfer(ANNA, { creditorAccount: { iban: JUERGEN }, creditorName: 'Juergen Gross' }));
  expect(await statusOf(waiting)).toBe('PDNG');
  const settling = await approved(transfer(ANNA, { creditorAccount: { iban: OTHER_BANK_IBAN } }));
  expect(await statusOf(settling)).toBe('ACSP');

  await f.kill(0);
  await f.kill(1);
  receiver.status = 200;
  await f.restart(0);
  expect((await f.control('/clock', { advance: 'P3D' })).status).toBe(200);
  await waitFor(() => receiver.received.length === 2);
  expect(await statusOf(waiting)).toBe('CANC');
  expect(await statusOf(settling)).toBe('ACSC');
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(receiver.received).toHaveLength(2);
  const delivery = ((await f.control('/callbacks')).json as any[]).find((d) => d.consentId === consentId);
  expect(delivery.outcome).toBe('delivered');
  expect(delivery.attempts.map((a: { status: number }) => a.status)).toEqual([500, 200]);
  await f.restart(1);
});
