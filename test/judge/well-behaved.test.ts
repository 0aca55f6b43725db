/**
 * Issue 28 "Done when": a well-behaved client run through every flow, and through the client-check
 * faults, has no finding; the lost-answer fault makes a client that reuses its key produce none
 * (one payment stored). The client below does what the interface asks: a new X-Request-ID per
 * request except an initiation sent again, a backoff after a 5xx or a broken connection (its
 * Retry-After, else a second, on the sandbox clock), Retry-After honoured after a 429, a consent
 * no longer used once it was told it ended, status polled while the customer decides.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, customerActs, ibansOf, REDIRECT, resourceIdOf } from '../helpers/ais.js';
import { OTHER_BANK_IBAN, paymentRows, STANDARD, transfer } from '../helpers/pis.js';
import { callbackReceiver, type CallbackReceiver } from '../helpers/callback-receiver.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { rawCaller, type RawCall, type TimedAnswer } from '../faults/raw-call.js';

let certs: string;
let receiver: CallbackReceiver;

beforeAll(async () => {
  certs = await certificateFolder();
  receiver = await callbackReceiver(certs);
});
afterAll(() => receiver.close());

const ENDED = new Set(['CONSENT_INVALID', 'CONSENT_EXPIRED', 'CONSENT_UNKNOWN']);

/** A careful client: retries only what may succeed, after the wait the answer asks for. */
function carefulClient(t: TestSandbox) {
  const raw = rawCaller(t);
  return async function call(request: RawCall): Promise<TimedAnswer> {
    // The idempotency key of an initiation stays the same across its retries; every other request gets a new id.
    const key = request.method === 'POST' && request.path.startsWith('/v1/payments/') ? randomUUID() : undefined;
    for (let attempt = 1; ; attempt++) {
      let answer: TimedAnswer | undefined;
      try {
        answer = await raw({ ...request, requestId: key ?? randomUUID() });
      } catch (error) {
        if (attempt === 5) throw error;
      }
      if (answer && answer.status !== 429 && answer.status < 500) return answer;
      if (answer && attempt === 5) return answer;
      const wait = Number(answer?.headers['retry-after'] ?? 1);
      await t.sandbox.clock.advance(`PT${wait}S`);
    }
  };
}

/** Every flow of the interface, as a careful client runs it; answers the statuses it met, for a sanity check. */
async function everyFlow(t: TestSandbox): Promise<number[]> {
  const call = carefulClient(t);
  const statuses: number[] = [];
  const go = async (request: RawCall) => {
    const answer = await call(request);
    statuses.push(answer.status);
    return answer;
  };
  const iban = ibansOf(t, 'anna')[0]!;
  const accountPath = `/v1/accounts/${resourceIdOf(t, iban)}`;
  const refs = [{ iban }];

  // Account information: create, poll while the customer decides, read once approved, delete.
  const consent = await go({
    method: 'POST',
    path: '/v1/consents',
    headers: { 'TPP-Redirect-URI': REDIRECT },
    body: {
      access: { accounts: refs, balances: refs, transactions: refs },
      recurringIndicator: true,
      frequencyPerDay: 4,
    },
  });
  const { consentId, authorisationId } = consent.json as { consentId: string; authorisationId: string };
  await go({ path: `/v1/consents/${consentId}/status` });
  await go({ path: `/v1/consents/${consentId}/status` });
  await customerActs(t, authorisationId, 'anna');
  await go({ path: `/v1/consents/${consentId}/status` });
  await go({ path: `/v1/consents/${consentId}` });
  let ended = false;
  for (const path of ['/v1/accounts', `${accountPath}/balances`, `${accountPath}/transactions?bookingStatus=booked`]) {
    const answer = await go({ path, headers: { 'Consent-ID': consentId } });
    if (ENDED.has(codeOf(answer) ?? '')) {
      ended = true;
      break;
    }
  }
  if (!ended) expect((await go({ method: 'DELETE', path: `/v1/consents/${consentId}` })).status).toBe(204);

  // A consent the customer declines is not used.
  const declined = await go({
    method: 'POST',
    path: '/v1/consents',
    headers: { 'TPP-Redirect-URI': REDIRECT },
    body: { access: { balances: refs }, recurringIndicator: false, frequencyPerDay: 1 },
  });
  const refused = declined.json as { consentId: string; authorisationId: string };
  await customerActs(t, refused.authorisationId, 'anna', 'decline');
  await go({ path: `/v1/consents/${refused.consentId}/status` });

  // A consent revoked by the customer, its callback delivered: not used again.
  await go({ method: 'PUT', path: '/v1/revocation-callback', body: { url: receiver.url } });
  const revoked = await go({
    method: 'POST',
    path: '/v1/consents',
    headers: { 'TPP-Redirect-URI': REDIRECT },
    body: { access: { accounts: refs }, recurringIndicator: true, frequencyPerDay: 4 },
  });
  const later = revoked.json as { consentId: string; authorisationId: string };
  await customerActs(t, later.authorisationId, 'anna');
  await t.sandbox.psu('anna').revoke(later.consentId);
  await t.sandbox.flushCallbacks();
  for (const kind of ['correct', 'duplicate', 'out-of-order'] as const)
    await t.sandbox.callbacks.forge({ consentId: later.consentId, kind });

  // Payment initiation: initiate, read, the customer approves, poll the status.
  const payment = await go({
    method: 'POST',
    path: `/v1/payments/${STANDARD}`,
    headers: { 'TPP-Redirect-URI': REDIRECT },
    body: transfer(iban),
  });
  const initiated = payment.json as { paymentId: string; authorisationId: string };
  await go({ path: `/v1/payments/${STANDARD}/${initiated.paymentId}/status` });
  await go({ path: `/v1/payments/${STANDARD}/${initiated.paymentId}` });
  await customerActs(t, initiated.authorisationId, 'anna');
  await go({ path: `/v1/payments/${STANDARD}/${initiated.paymentId}/status` });
  await go({
    method: 'POST',
    path: `/v1/payments/${STANDARD}`,
    headers: { 'TPP-Redirect-URI': REDIRECT },
    body: transfer(iban, {
      creditorAccount: { iban: OTHER_BANK_IBAN },
      remittanceInformationUnstructured: 'Invoice 43',
    }),
  });

  // Confirmation of funds: a consent, then a confirmation.
  const cof = await go({
    method: 'POST',
    path: '/v1/consents/confirmation-of-funds',
    headers: { 'TPP-Redirect-URI': REDIRECT },
    body: { account: { iban } },
  });
  const cofConsent = cof.json as { consentId: string; authorisationId: string };
  await customerActs(t, cofConsent.authorisationId, 'anna');
  await go({
    method: 'POST',
    path: '/v1/funds-confirmations',
    headers: { 'Consent-ID': cofConsent.consentId },
    body: { account: { iban }, instructedAmount: { currency: 'EUR', amount: '10.00' } },
  });
  return statuses;
}

describe('a well-behaved client', () => {
  it('runs every flow without a finding', async () => {
    const t = await testSandbox(certs, { clockStart: '2026-03-02T10:00:00Z', callbackCa: [`${certs}/ca.crt`] });
    try {
      const statuses = await everyFlow(t);
      expect(statuses.filter((status) => status >= 400)).toEqual([]);
      const report = t.sandbox.clientReport();
      expect(report.findings).toEqual([]);
      expect(report.judged).toBe(statuses.length);
    } finally {
      await t.sandbox.close();
    }
  });

  it('runs every flow through the client-check faults without a finding, and the report shows what it then did', async () => {
    const t = await testSandbox(certs, {
      clockStart: '2026-03-02T10:00:00Z',
      callbackCa: [`${certs}/ca.crt`],
      faults: 'client-check',
    });
    try {
      await everyFlow(t);
      const report = t.sandbox.clientReport();
      expect(report.findings).toEqual([]);
      const provoked = new Set(report.provoked.map((provocation) => provocation.fault));
      for (const fault of ['lost-answer', 'too-many-requests', 'revoke-consent']) expect(provoked).toContain(fault);
      const lost = report.provoked.find((provocation) => provocation.fault === 'lost-answer')!;
      expect(lost.then[0]!.exchange.request.headers['x-request-id']).toBe(
        lost.exchange!.request.headers['x-request-id'],
      );
      expect(lost.then[0]!.findings).toEqual([]);
      expect((await paymentRows(t)).length).toBe(2);
    } finally {
      await t.sandbox.close();
    }
  });

  it('reuses the key after a lost answer: one payment stored, no finding', async () => {
    const t = await testSandbox(certs, { clockStart: '2026-03-02T10:00:00Z' });
    try {
      await t.sandbox.faults.add({ kind: 'lost-answer', count: 1, match: { method: 'POST', path: '/v1/payments/*' } });
      const answer = await carefulClient(t)({
        method: 'POST',
        path: `/v1/payments/${STANDARD}`,
        headers: { 'TPP-Redirect-URI': REDIRECT },
        body: transfer(ibansOf(t, 'anna')[0]!),
      });
      expect(answer.status).toBe(201);
      expect(await paymentRows(t)).toHaveLength(1);
      expect(t.sandbox.clientReport().findings).toEqual([]);
    } finally {
      await t.sandbox.close();
    }
  });
});
