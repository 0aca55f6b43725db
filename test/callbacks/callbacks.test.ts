import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { issueQwac } from '../../src/certs/index.js';
import { RevocationCallbackSchema } from '../../src/contract/index.js';
import { codeOf, ibansOf, validConsent } from '../helpers/ais.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';

let t: TestSandbox;
let receiver: Server;
let receiverUrl: string;
let answers: number[] = [];
const received: { body: string; signature: string }[] = [];

beforeAll(async () => {
  const certs = await certificateFolder();
  // The receiver presents the sandbox CA's localhost certificate; --callback-ca makes the sandbox trust it.
  t = await testSandbox(certs, { clockStart: '2026-03-01T10:00:00Z', callbackCa: [`${certs}/ca.crt`] });
  receiver = createServer(
    { key: readFileSync(`${certs}/server.key`), cert: readFileSync(`${certs}/server.crt`) },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({
          body: Buffer.concat(chunks).toString('utf8'),
          signature: String(req.headers['x-service-signature']),
        });
        res.statusCode = answers.shift() ?? 200;
        res.end();
      });
    },
  );
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `https://localhost:${(receiver.address() as AddressInfo).port}/xs2a/revocations`;
});
afterAll(async () => {
  await t.sandbox.close();
  receiver.close();
});
beforeEach(async () => {
  await t.sandbox.reset();
  received.length = 0;
  answers = [];
});

const put = (url: unknown, client = t.tpp) =>
  t.call({ method: 'PUT', path: '/v1/revocation-callback', client, body: { url } });
const deliveries = async () =>
  (await t.control('/callbacks')).json as {
    eventId: string;
    consentId: string;
    outcome: string;
    attempts: { at: string; status: number | null; error: string | null }[];
  }[];

describe('revocation callback registration', () => {
  it('PUT answers url, signature header, tolerance and a 32-byte hex secret; GET answers the same', async () => {
    const answer = await put(receiverUrl);
    expect(answer.status).toBe(200);
    const body = RevocationCallbackSchema.parse(answer.json);
    expect(body).toEqual({
      url: receiverUrl,
      signatureHeader: 'X-Service-Signature',
      signatureToleranceSeconds: 300,
      secret: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect((await t.call({ path: '/v1/revocation-callback', client: t.tpp })).json).toEqual(body);
  });

  it('changes nothing for the same URL and replaces the registration (and secret) for a new one', async () => {
    const first = (await put(receiverUrl)).json as { secret: string };
    expect(((await put(receiverUrl)).json as { secret: string }).secret).toBe(first.secret);
    const moved = (await put(`${receiverUrl}/v2`)).json as { url: string; secret: string };
    expect(moved.url).toBe(`${receiverUrl}/v2`);
    expect(moved.secret).not.toBe(first.secret);
  });

  it('answers 404 when none is registered, and DELETE stops it', async () => {
    const none = await t.call({ path: '/v1/revocation-callback', client: t.tpp });
    expect([none.status, codeOf(none)]).toEqual([404, 'RESOURCE_UNKNOWN']);
    await put(receiverUrl);
    expect((await t.call({ method: 'DELETE', path: '/v1/revocation-callback', client: t.tpp })).status).toBe(204);
    expect((await t.call({ path: '/v1/revocation-callback', client: t.tpp })).status).toBe(404);
  });

  it.each([['http://tpp.example/hook'], ['https://tpp.example/hook#frag'], ['/hook'], [42]])(
    'refuses url %s with FORMAT_ERROR on path url',
    async (url) => {
      const answer = await put(url);
      expect(answer.status).toBe(400);
      expect(answer.json).toMatchObject({ tppMessages: [{ code: 'FORMAT_ERROR', path: 'url' }] });
      expect((await t.call({ path: '/v1/revocation-callback', client: t.tpp })).status).toBe(404);
    },
  );

  it('is open to any registered provider whatever its roles', async () => {
    const fundsOnly = issueQwac({
      ca: { cert: t.ca, key: t.caKey },
      name: 'Funds Only',
      organizationIdentifier: 'PSDDE-BAFIN-880001',
      roles: ['PSP_IC'],
    });
    expect((await put(receiverUrl, fundsOnly)).status).toBe(200);
  });
});

describe('revocation events', () => {
  it('retries a failing receiver with growing backoff on the sandbox clock, one eventId, every attempt signed', async () => {
    const { secret } = (await put(receiverUrl)).json as { secret: string };
    const consentId = await validConsent(t, [ibansOf(t, 'anna')[0]!]);
    answers = [500, 503, 200];
    expect((await t.control(`/consents/${consentId}/revoke`, { body: {} })).status).toBe(200);
    await t.sandbox.flushCallbacks();
    expect(received).toHaveLength(1);
    await t.sandbox.clock.advance('PT30S');
    await t.sandbox.flushCallbacks();
    expect(received).toHaveLength(2);
    await t.sandbox.clock.advance('PT59S');
    await t.sandbox.flushCallbacks();
    expect(received).toHaveLength(2);
    await t.sandbox.clock.advance('PT2S');
    await t.sandbox.flushCallbacks();
    expect(received).toHaveLength(3);
    await t.sandbox.flushCallbacks();
    expect((await deliveries())[0]?.outcome).toBe('delivered');

    const events = received.map(
      (r) => JSON.parse(r.body) as { eventId: string; consentId: string; consentStatus: string; revokedAt: string },
    );
    expect(new Set(events.map((e) => e.eventId)).size).toBe(1);
    expect(events[0]).toEqual({
      eventId: expect.any(String),
      consentId,
      consentStatus: 'revokedByPsu',
      revokedAt: expect.any(String),
    });
    expect(new Set(received.map((r) => r.body)).size).toBe(1);
    const times: number[] = [];
    for (const { body, signature } of received) {
      const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature)!;
      const expected = createHmac('sha256', Buffer.from(secret, 'hex')).update(`${match[1]}.${body}`).digest();
      expect(timingSafeEqual(expected, Buffer.from(match[2]!, 'hex'))).toBe(true);
      times.push(Number(match[1]));
    }
    expect(Math.abs(times.at(-1)! - t.sandbox.clock.now().getTime() / 1000)).toBeLessThan(300);
    const gaps = [times[1]! - times[0]!, times[2]! - times[1]!];
    expect(gaps[0]).toBeGreaterThanOrEqual(30);
    expect(gaps[1]).toBeGreaterThanOrEqual(60);
    expect(gaps[1]).toBeGreaterThan(gaps[0]!);
    const [delivery] = await deliveries();
    expect(delivery!.attempts.map((a) => a.status)).toEqual([500, 503, 200]);
  });

  it('gives up after five attempts when the receiver is unreachable, and the consent stopped working at once', async () => {
    await put('https://localhost:9/unreachable');
    const consentId = await validConsent(t, [ibansOf(t, 'anna')[0]!]);
    await t.control(`/consents/${consentId}/revoke`, { body: { by: 'service' } });
    const use = await t.call({ path: '/v1/accounts', client: t.tpp, headers: { 'Consent-ID': consentId } });
    expect(codeOf(use)).toBe('CONSENT_INVALID');
    await t.sandbox.flushCallbacks();
    expect((await deliveries())[0]?.attempts).toHaveLength(1);
    for (const step of ['PT30S', 'PT1M', 'PT2M', 'PT4M']) {
      const before = (await deliveries())[0]!.attempts.length;
      await t.sandbox.clock.advance(step);
      await t.sandbox.flushCallbacks();
      expect((await deliveries())[0]!.attempts.length).toBe(before + 1);
    }
    const [delivery] = await deliveries();
    expect(delivery!.outcome).toBe('failed');
    expect(delivery!.attempts).toHaveLength(5);
    expect(delivery!.attempts[0]!.error).toBe('ECONNREFUSED');
  });

  it('ends pending retries on DELETE: registering again later never resumes them', async () => {
    await put(receiverUrl);
    const consentId = await validConsent(t, [ibansOf(t, 'anna')[0]!]);
    answers = [503];
    await t.control(`/consents/${consentId}/revoke`, { body: {} });
    await t.sandbox.flushCallbacks();
    expect(received).toHaveLength(1);
    expect((await t.call({ method: 'DELETE', path: '/v1/revocation-callback', client: t.tpp })).status).toBe(204);
    const [ended] = await deliveries();
    expect([ended!.outcome, ended!.attempts.at(-1)!.error]).toEqual(['failed', 'callback deregistered']);
    await put(receiverUrl);
    await t.sandbox.clock.advance('PT10M');
    const [after] = await deliveries();
    expect([after!.outcome, after!.attempts.length]).toEqual(['failed', 2]);
    expect(received).toHaveLength(1);
  });

  it('sends nothing on the provider’s own DELETE, and nothing without a registration', async () => {
    await put(receiverUrl);
    const mine = await validConsent(t, [ibansOf(t, 'anna')[0]!]);
    await t.call({ method: 'DELETE', path: `/v1/consents/${mine}`, client: t.tpp });
    await t.call({ method: 'DELETE', path: '/v1/revocation-callback', client: t.tpp });
    const unregistered = await validConsent(t, [ibansOf(t, 'anna')[1]!]);
    await t.control(`/consents/${unregistered}/revoke`, { body: {} });
    await t.sandbox.clock.advance('PT10M');
    expect(await deliveries()).toEqual([]);
    expect(received).toEqual([]);
  });

  it('notifies the same way when the customer revokes in the portal and when the service revokes', async () => {
    await put(receiverUrl);
    const a = await validConsent(t, [ibansOf(t, 'anna')[0]!]);
    const b = await validConsent(t, [ibansOf(t, 'anna')[1]!]);
    await t.control(`/consents/${a}/revoke`, { body: { by: 'customer' } });
    await t.control(`/consents/${b}/revoke`, { body: { by: 'service' } });
    await t.sandbox.flushCallbacks();
    expect(received).toHaveLength(2);
    const shapes = received.map((r) =>
      Object.keys(JSON.parse(r.body) as object)
        .sort()
        .join(),
    );
    expect(shapes[0]).toBe(shapes[1]);
    expect(received.map((r) => (JSON.parse(r.body) as { consentStatus: string }).consentStatus)).toEqual([
      'revokedByPsu',
      'revokedByPsu',
    ]);
  });
});
