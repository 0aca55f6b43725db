import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startCallbackReceiver, type CallbackReceiver } from '../../src/kit/callback-receiver.js';
import { ibansOf, validConsent } from '../helpers/ais.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';

let t: TestSandbox;
let certs: string;
let receiver: CallbackReceiver;
let secret: string | undefined;

beforeAll(async () => {
  certs = await certificateFolder();
  t = await testSandbox(certs, { clockStart: '2026-03-01T10:00:00Z', callbackCa: [`${certs}/ca.crt`] });
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
beforeEach(() => t.sandbox.reset());

async function revokeOne(): Promise<string> {
  const consentId = await validConsent(t, [ibansOf(t, 'anna')[0]!]);
  await t.control(`/consents/${consentId}/revoke`, { body: {} });
  return consentId;
}

describe('kit callback receiver', () => {
  it('verifies a delivery with the registered secret over the raw bytes and acknowledges it', async () => {
    secret = (
      (await t.call({ method: 'PUT', path: '/v1/revocation-callback', client: t.tpp, body: { url: receiver.url } }))
        .json as { secret: string }
    ).secret;
    const before = receiver.received.length;
    const consentId = await revokeOne();
    const [delivery] = (await receiver.waitFor(before + 1)).slice(before);
    expect(delivery!.verdict).toEqual({ ok: true, t: expect.any(Number) });
    expect(delivery!.keyedWithText).toBe(false);
    expect(delivery!.status).toBe(204);
    expect(JSON.parse(delivery!.rawBody)).toMatchObject({ consentId, consentStatus: 'revokedByPsu' });
  });

  it('refuses a delivery it cannot verify with 401, and the target retries it', async () => {
    await t.call({ method: 'PUT', path: '/v1/revocation-callback', client: t.tpp, body: { url: receiver.url } });
    secret = 'ab'.repeat(32);
    const before = receiver.received.length;
    await revokeOne();
    const [delivery] = (await receiver.waitFor(before + 1)).slice(before);
    expect(delivery!.verdict).toEqual({ ok: false, reason: 'mismatch' });
    expect(delivery!.status).toBe(401);
    const callbacks = (await t.control('/callbacks')).json as { outcome: string; attempts: { status: number }[] }[];
    expect(callbacks[0]).toMatchObject({ outcome: 'pending', attempts: [{ status: 401 }] });
  });

  it('accepts a signature keyed with the secret’s 64 characters as text (the other reading), and says so', async () => {
    secret = 'cd'.repeat(32);
    const body = JSON.stringify({ eventId: 'e-text', consentId: 'c-text', consentStatus: 'revokedByPsu' });
    const post = (key: Buffer) => {
      const seconds = Math.floor(t.sandbox.clock.now().getTime() / 1000);
      const v1 = createHmac('sha256', key).update(`${seconds}.${body}`).digest('hex');
      return new Promise<number>((resolve, reject) => {
        const outgoing = request(
          receiver.url,
          {
            method: 'POST',
            ca: readFileSync(`${certs}/ca.crt`, 'utf8'),
            headers: { 'content-type': 'application/json', 'x-service-signature': `t=${seconds},v1=${v1}` },
          },
          (answer) => {
            answer.resume();
            answer.on('end', () => resolve(answer.statusCode ?? 0));
          },
        );
        outgoing.on('error', reject);
        outgoing.end(body);
      });
    };
    const before = receiver.received.length;
    expect(await post(Buffer.from(secret, 'utf8'))).toBe(204);
    expect(await post(Buffer.from('ef'.repeat(32), 'utf8'))).toBe(401);
    const [text, wrong] = receiver.received.slice(before);
    expect(text).toMatchObject({ verdict: { ok: true }, keyedWithText: true, status: 204, rawBody: body });
    expect(wrong).toMatchObject({ verdict: { ok: false, reason: 'mismatch' }, keyedWithText: false, status: 401 });
  });
});
