/**
 * Three `serve` processes on one PostgreSQL database behind HAProxy (test/helpers/facility.ts), called
 * only through the balancer, every request on a connection of its own so that the balancer spreads
 * them: the interface's rules hold across processes as they do in one (Limits: idempotency, the
 * unattended budget; Events: one delivery per attempt), a customer moves between processes in the
 * SCA pages, and a process killed mid-burst loses no answered write.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIRECT } from '../helpers/ais.js';
import { callbackReceiver, type CallbackReceiver } from '../helpers/callback-receiver.js';
import { startFacility, waitFor, type Facility } from '../helpers/facility.js';
import { formClient, formFields, throughCode } from '../helpers/form-client.js';
import { transfer } from '../helpers/pis.js';

let f: Facility;
let receiver: CallbackReceiver;

beforeAll(async () => {
  f = await startFacility('balancer');
  receiver = await callbackReceiver(f.certs);
}, 60_000);

afterAll(async () => {
  receiver?.close();
  await f?.close();
});

const ANNA = 'DE12123456780000100001';

async function stored(kind: string): Promise<number> {
  return Number((await f.db.sql('SELECT count(*) AS n FROM xs2a_records WHERE kind = $1', [kind])).rows[0].n);
}

const initiate = (requestId: string, body: unknown) =>
  f.call({
    method: 'POST',
    path: '/v1/payments/sepa-credit-transfers',
    client: f.tpp,
    requestId,
    headers: { 'TPP-Redirect-URI': REDIRECT },
    body,
  });

async function approvedConsent(access: Record<string, unknown>): Promise<string> {
  const made = await f.call({
    method: 'POST',
    path: '/v1/consents',
    client: f.tpp,
    headers: { 'TPP-Redirect-URI': REDIRECT },
    body: { access, recurringIndicator: true, frequencyPerDay: 4 },
  });
  expect(made.status).toBe(201);
  const { consentId, authorisationId } = made.json as { consentId: string; authorisationId: string };
  const acted = await f.control(`/authorisations/${authorisationId}`, { psuId: 'anna', decision: 'approve' });
  expect(acted.json.scaStatus).toBe('finalised');
  return consentId;
}

/** How many API requests each process's own journal holds: the balancer did spread them. */
async function servedBy(): Promise<number[]> {
  return Promise.all(
    f.processes.map(async (p) => {
      const res = await fetch(`${p.controlUrl}/requests?limit=1`);
      return ((await res.json()) as { kept: number }).kept;
    }),
  );
}

describe('three processes behind HAProxy', () => {
  it('make one payment of 64 identical concurrent initiations, every answer naming it', async () => {
    const before = await stored('payments');
    const requestId = randomUUID();
    const body = transfer(ANNA, { remittanceInformationUnstructured: `race ${requestId}` });
    const answers = await Promise.all(Array.from({ length: 64 }, () => initiate(requestId, body)));
    expect(answers.map((a) => a.status)).toEqual(Array(64).fill(201));
    const ids = new Set(answers.map((a) => (a.json as { paymentId: string }).paymentId));
    expect(ids.size).toBe(1);
    expect(await stored('payments')).toBe(before + 1);
    expect((await servedBy()).every((kept) => kept > 0)).toBe(true);
  });

  it('make one payment of alternating bodies under one X-Request-ID: the other body answers 409', async () => {
    const before = await stored('payments');
    const requestId = randomUUID();
    const bodies = [
      transfer(ANNA, { remittanceInformationUnstructured: 'one' }),
      transfer(ANNA, { remittanceInformationUnstructured: 'two' }),
    ];
    const answers = await Promise.all(Array.from({ length: 64 }, (_x, i) => initiate(requestId, bodies[i % 2])));
    expect(await stored('payments')).toBe(before + 1);
    const won = answers.find((a) => a.status === 201)!;
    const winner = (won.json as { paymentId: string }).paymentId;
    const winning = answers.indexOf(won) % 2;
    answers.forEach((answer, i) => {
      if (i % 2 === winning) {
        expect(answer.status).toBe(201);
        expect((answer.json as { paymentId: string }).paymentId).toBe(winner);
      } else {
        expect(answer.status).toBe(409);
        expect((answer.json as any).tppMessages[0].code).toBe('REQUEST_ID_REUSED');
      }
    });
    // The binding is permanent: either body again, later, on any process.
    const again = await initiate(requestId, bodies[winning]);
    expect((again.json as { paymentId: string }).paymentId).toBe(winner);
    expect((await initiate(requestId, bodies[1 - winning])).status).toBe(409);
  });

  it('answer exactly 4 of 40 concurrent unattended balance reads with 200, the rest 429', async () => {
    const consentId = await approvedConsent({ balances: [{ iban: ANNA }] });
    const accounts = await f.call({
      path: '/v1/accounts',
      client: f.tpp,
      headers: { 'Consent-ID': consentId, 'PSU-IP-Address': '192.0.2.1' },
    });
    const resourceId = (accounts.json as { accounts: { resourceId: string }[] }).accounts[0]!.resourceId;
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        f.call({ path: `/v1/accounts/${resourceId}/balances`, client: f.tpp, headers: { 'Consent-ID': consentId } }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(36);
    for (const answer of answers.filter((a) => a.status === 429))
      expect(answer.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('let a customer log in on one process, enter the code on another and approve on a third', async () => {
    const made = await f.call({
      method: 'POST',
      path: '/v1/consents',
      client: f.tpp,
      headers: { 'TPP-Redirect-URI': REDIRECT },
      body: { access: { balances: [{ iban: ANNA }] }, recurringIndicator: true, frequencyPerDay: 4 },
    });
    const json = made.json as { consentId: string; authorisationId: string; _links: { scaRedirect: { href: string } } };
    const link = new URL(json._links.scaRedirect.href);
    expect(link.origin).toBe(f.portalUrl);
    const browser = formClient(f.portalUrl);
    const review = await throughCode(browser, link, json.authorisationId);
    const approved = await browser.post(`/sca/${json.authorisationId}/decision`, {
      ...formFields(review.text),
      decision: 'approve',
    });
    expect(approved.status).toBe(302);
    expect(approved.location).toBe(`${REDIRECT}?state=${link.searchParams.get('state')}`);
    const status = await f.call({ path: `/v1/consents/${json.consentId}/status`, client: f.tpp });
    expect(status.json).toEqual({ consentStatus: 'valid' });
  });

  it('deliver a revocation callback once, by one process, and each retry once', async () => {
    const put = await f.call({
      method: 'PUT',
      path: '/v1/revocation-callback',
      client: f.tpp,
      body: { url: receiver.url },
    });
    expect(put.status).toBe(200);
    receiver.received.length = 0;
    receiver.status = 200;
    // Slow: the first attempt stays on the wire past every process's next tick.
    receiver.delayMs = 2500;
    const consentId = await approvedConsent({ balances: [{ iban: ANNA }] });
    expect((await f.control(`/consents/${consentId}/revoke`, {})).status).toBe(200);
    // Every process's tick (each second) has had its chance to send it again.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    expect(receiver.received).toHaveLength(1);
    const sent = (await f.control('/callbacks')).json as { consentId: string; attempts: unknown[]; outcome: string }[];
    expect(sent.find((d) => d.consentId === consentId)).toMatchObject({
      outcome: 'delivered',
      attempts: [{ status: 200 }],
    });
    receiver.delayMs = 0;

    receiver.received.length = 0;
    receiver.status = 500;
    const failing = await approvedConsent({ balances: [{ iban: ANNA }] });
    expect((await f.control(`/consents/${failing}/revoke`, {})).status).toBe(200);
    for (let attempts = 1; attempts < 5; attempts++) {
      await waitFor(() => receiver.received.length >= attempts);
      expect((await f.control('/clock', { advance: 'P1D' })).status).toBe(200);
    }
    await waitFor(() => receiver.received.length >= 5);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(receiver.received).toHaveLength(5);
    expect(new Set(receiver.received.map((r) => r.eventId)).size).toBe(1);
    const deliveries = (await f.control('/callbacks')).json as {
      consentId: string;
      attempts: unknown[];
      outcome: string;
    }[];
    const delivery = deliveries.find((d) => d.consentId === failing)!;
    expect(delivery.attempts).toHaveLength(5);
    expect(delivery.outcome).toBe('failed');
  });

  it('lose no answered write when a process is killed mid-burst, and serve on without a restart', async () => {
    const before = await stored('payments');
    const ids = Array.from({ length: 48 }, () => randomUUID());
    const bodyOf = (id: string) => transfer(ANNA, { remittanceInformationUnstructured: `burst ${id}` });
    const burst = ids.map((id, i) =>
      new Promise((resolve) => setTimeout(resolve, i * 8)).then(() =>
        initiate(id, bodyOf(id)).catch((error: Error) => ({ status: 0, json: undefined, error })),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 120));
    await f.kill(1);
    const answers = await Promise.all(burst);
    const answered = answers.filter((a) => a.status === 201).length;
    // Some were answered before the kill, some were cut with it, and the rest went to the other two.
    expect(answered).toBeGreaterThan(0);
    // Every payment answered is kept; a request without an answer is sent again with its X-Request-ID
    // and gets the one payment it made, or makes it now: never a second one.
    for (const [i, id] of ids.entries()) {
      const first = answers[i]!;
      const again = await initiate(id, bodyOf(id));
      expect(again.status).toBe(201);
      if (first.status === 201)
        expect((again.json as { paymentId: string }).paymentId).toBe((first.json as { paymentId: string }).paymentId);
    }
    expect(await stored('payments')).toBe(before + ids.length);
    const keys = await f.db.sql("SELECT count(*) AS n FROM xs2a_records WHERE kind = 'paymentKeys'");
    expect(Number(keys.rows[0].n)).toBeGreaterThanOrEqual(ids.length);
    await f.restart(1);
    const served = await fetch(`${f.processes[1]!.controlUrl}/clock`);
    expect(served.status).toBe(200);
  });
});
