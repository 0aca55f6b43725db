import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCa } from '../../../certs/ca.js';
import { issueServerCertificate } from '../../../certs/server-cert.js';
import { afterAttempt } from '../../rules/callbacks.js';
import { postCallback } from './sender.js';

let server: Server;
let base: string;
let ca: string;
const arrived: string[] = [];
let drips = 0;
/** Waits on real time (setImmediate is not faked) until the condition holds. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

beforeAll(async () => {
  const authority = await createCa();
  const pair = await issueServerCertificate(authority);
  ca = authority.cert;
  server = createServer({ key: pair.key, cert: pair.cert }, (req, res) => {
    arrived.push(req.url ?? '');
    req.resume();
    if (req.url === '/drip') {
      // The head at once, then a byte now and then, for ever: the body never ends on its own.
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.write('.');
      const drip = setInterval(() => {
        drips += 1;
        res.write('.');
      }, 20);
      res.on('close', () => clearInterval(drip));
      return;
    }
    res.writeHead(req.url === '/ok' ? 204 : 503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `https://localhost:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});
afterEach(() => vi.useRealTimers());

describe('one callback attempt', () => {
  it('is the receiver’s status once its whole answer has arrived', async () => {
    expect(await postCallback(`${base}/ok`, '{}', {}, [ca], 10_000)).toEqual({ status: 204, error: null });
    expect(await postCallback(`${base}/busy`, '{}', {}, [ca], 10_000)).toEqual({ status: 503, error: null });
  });

  it('is cut at its deadline when the receiver answers its head and then drips the body, and counts as failed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const attempt = postCallback(`${base}/drip`, '{}', {}, [ca], 10_000);
    // The head has been answered and the body is dripping.
    await until(() => arrived.includes('/drip') && drips >= 3);
    vi.advanceTimersByTime(9_999);
    let done = false;
    void attempt.then(() => (done = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toBe(false);
    vi.advanceTimersByTime(1);
    const outcome = await attempt;
    expect(outcome).toEqual({ status: null, error: 'no complete answer within 10000 ms' });
    // A cut attempt is retried as usual: the next one falls due after the first backoff.
    const delivery = {
      eventId: 'e',
      tpp: 't',
      consentId: 'c',
      url: `${base}/drip`,
      body: '{}',
      attempts: [],
      outcome: 'pending' as const,
    };
    expect(afterAttempt(delivery, { at: new Date('2026-03-01T10:00:00Z'), ...outcome }, '30s-doubling')).toMatchObject({
      outcome: 'pending',
      nextAttemptAt: '2026-03-01T10:00:30.000Z',
    });
  });

  it('never calls an http:// URL', async () => {
    expect(await postCallback('http://localhost:1/x', '{}', {}, [], 10_000)).toEqual({
      status: null,
      error: 'not an https URL: never called',
    });
  });
});
