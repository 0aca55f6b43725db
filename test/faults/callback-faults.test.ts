import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startCallbackReceiver, type CallbackReceiver } from '../../src/kit/callback-receiver.js';
import { ibansOf, validConsent } from '../helpers/ais.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';

let t: TestSandbox;
let receiver: CallbackReceiver;
let secret: string | undefined;

beforeAll(async () => {
  const certs = await certificateFolder();
  t = await testSandbox(certs, { clockStart: '2026-03-02T10:00:00Z', callbackCa: [`${certs}/ca.crt`] });
  receiver = await startCallbackReceiver({
    key: readFileSync(`${certs}/server.key`, 'utf8'),
    cert: readFileSync(`${certs}/server.crt`, 'utf8'),
    secret: () => secret,
    now: () => t.sandbox.clock.now(),
  });
});
afterAll(async () => {
  await receiver.close();
  await t.sandbox.close();
});
beforeEach(async () => {
  await t.sandbox.reset();
  (receiver.received as unknown[]).length = 0;
  const registered = await t.call({
    method: 'PUT',
    path: '/v1/revocation-callback',
    client: t.tpp,
    body: { url: receiver.url },
  });
  secret = (registered.json as { secret: string }).secret;
});

const eventOf = (raw: string) => JSON.parse(raw) as { eventId: string; consentId: string };
const deliveries = async () =>
  (await t.control('/callbacks')).json as {
    eventId: string;
    consentId: string;
    outcome: string;
    attempts: { status: number | null }[];
  }[];

describe('callback faults seen by the kit’s callback receiver', () => {
  it('callback-duplicate delivers the same signed event twice, recorded as one delivered attempt', async () => {
    await t.control('/faults', { body: { kind: 'callback-duplicate', count: 1 } });
    const consentId = await validConsent(t, [ibansOf(t, 'anna')[0]!]);
    await t.control(`/consents/${consentId}/revoke`, { body: {} });
    const received = await receiver.waitFor(2);
    expect(received.map((r) => r.verdict.ok)).toEqual([true, true]);
    expect(received[1]!.rawBody).toBe(received[0]!.rawBody);
    expect(eventOf(received[0]!.rawBody).consentId).toBe(consentId);
    await t.sandbox.flushCallbacks();
    expect((await deliveries())[0]?.outcome).toBe('delivered');
    expect((await deliveries())[0]!.attempts.map((a) => a.status)).toEqual([204]);
    expect((await t.control('/faults')).json).toEqual({ profile: null, rules: [] });
  });

  it('callback-reorder holds a delivery back and sends it after the next one', async () => {
    const first = await validConsent(t, [ibansOf(t, 'anna')[0]!]);
    const second = await validConsent(t, [ibansOf(t, 'anna')[1]!]);
    await t.control('/faults', { body: { kind: 'callback-reorder', count: 1 } });
    await t.control(`/consents/${first}/revoke`, { body: {} });
    await t.sandbox.clock.advance('PT10S');
    expect(receiver.received).toHaveLength(0);
    expect((await deliveries())[0]).toMatchObject({ consentId: first, outcome: 'pending', attempts: [] });
    await t.control(`/consents/${second}/revoke`, { body: {} });
    const received = await receiver.waitFor(2);
    expect(received.map((r) => eventOf(r.rawBody).consentId)).toEqual([second, first]);
    expect(received.map((r) => r.verdict.ok)).toEqual([true, true]);
    await t.sandbox.flushCallbacks();
    expect((await deliveries()).map((d) => d.outcome)).toEqual(['delivered', 'delivered']);
  });

  it('a held delivery goes out on its own after a minute of sandbox time when no other follows', async () => {
    await t.control('/faults', { body: { kind: 'callback-reorder', count: 1 } });
    const consentId = await validConsent(t, [ibansOf(t, 'anna')[0]!]);
    await t.control(`/consents/${consentId}/revoke`, { body: {} });
    await t.sandbox.clock.advance('PT59S');
    expect(receiver.received).toHaveLength(0);
    await t.sandbox.clock.advance('PT1S');
    const [delivery] = await receiver.waitFor(1);
    expect(eventOf(delivery!.rawBody).consentId).toBe(consentId);
  });

  it('callback faults follow the provider named in the rule', async () => {
    await t.control('/faults', {
      body: { kind: 'callback-duplicate', rate: 1, match: { provider: 'PSDDE-BAFIN-000001' } },
    });
    const consentId = await validConsent(t, [ibansOf(t, 'anna')[0]!]);
    await t.control(`/consents/${consentId}/revoke`, { body: {} });
    await receiver.waitFor(1);
    await t.sandbox.flushCallbacks();
    expect((await deliveries())[0]?.outcome).toBe('delivered');
    expect(receiver.received).toHaveLength(1);
  });
});
