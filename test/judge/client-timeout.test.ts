/**
 * Issue 39: a payment initiation the client timed out on (a slow answer, the `slow` fault) has an
 * outcome the client does not know, although the sandbox wrote its 201 later to a closed connection.
 * Sent again under a new X-Request-ID it is CLIENT-PAYMENT-KEY; under its own key it is no finding.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sendHttps } from '../../src/kit/client.js';
import { ibansOf, REDIRECT } from '../helpers/ais.js';
import { paymentRows, STANDARD, transfer } from '../helpers/pis.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { rawCaller } from '../faults/raw-call.js';

let t: TestSandbox;

beforeAll(async () => {
  t = await testSandbox(await certificateFolder(), { clockStart: '2026-03-02T10:00:00Z' });
});
afterAll(() => t.sandbox.close());
beforeEach(() => t.sandbox.reset());

const path = `/v1/payments/${STANDARD}`;

/** Initiates and gives up after 150 ms; resolves once the sandbox has written the held answer to the closed connection. */
async function timedOut(body: unknown, requestId: string): Promise<void> {
  const written = new Promise<void>((resolve) =>
    t.sandbox.events.on('exchange', (event) => {
      if (event.request.headers['x-request-id'] === requestId) resolve();
    }),
  );
  await expect(
    sendHttps(new URL(path, t.sandbox.apiUrl), {
      method: 'POST',
      headers: { 'X-Request-ID': requestId, 'TPP-Redirect-URI': REDIRECT, 'Content-Type': 'application/json' },
      payload: JSON.stringify(body),
      ca: t.ca,
      certificate: t.tpp,
      timeoutMs: 150,
    }),
  ).rejects.toThrow();
  await written;
}

describe('a payment the client timed out on', () => {
  beforeEach(async () => {
    await t.sandbox.faults.add({
      kind: 'slow',
      delayMs: 600,
      count: 1,
      match: { method: 'POST', path: '/v1/payments/*' },
    });
  });

  it('sent again under a new X-Request-ID after its answer was written to the closed connection is CLIENT-PAYMENT-KEY', async () => {
    const body = transfer(ibansOf(t, 'anna')[0]!);
    const first = randomUUID();
    await timedOut(body, first);
    await t.sandbox.clock.advance('PT2S');
    const second = randomUUID();
    expect(
      (await rawCaller(t)({ method: 'POST', path, headers: { 'TPP-Redirect-URI': REDIRECT }, body, requestId: second }))
        .status,
    ).toBe(201);
    expect(await paymentRows(t)).toHaveLength(2);
    const { findings } = t.sandbox.clientReport();
    expect(findings.map((finding) => finding.rule)).toEqual(['CLIENT-PAYMENT-KEY']);
    expect(findings[0]!.detail).toContain(
      `under ${first} got no answer (the client closed the connection before it) and its outcome was unknown`,
    );
    expect(findings[0]!.exchanges.map((exchange) => exchange.request.headers['x-request-id'])).toEqual([first, second]);
  });

  it('sent again under its own X-Request-ID is no finding, and one payment', async () => {
    const body = transfer(ibansOf(t, 'anna')[0]!);
    const key = randomUUID();
    await timedOut(body, key);
    await t.sandbox.clock.advance('PT2S');
    expect(
      (await rawCaller(t)({ method: 'POST', path, headers: { 'TPP-Redirect-URI': REDIRECT }, body, requestId: key }))
        .status,
    ).toBe(201);
    expect(await paymentRows(t)).toHaveLength(1);
    expect(t.sandbox.clientReport()).toMatchObject({ findings: [], hints: [] });
  });
});
