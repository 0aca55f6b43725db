/**
 * Bank-profile settings of payments and revocation callbacks, on the wire: the payment maximum,
 * the daily limit, the backoff between callback attempts and the time-out of one attempt.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Sandbox } from '../../src/index.js';
import { allAccess, consent, ibanOf, REDIRECT, refusal, servingEachProfile, SECOND } from '../helpers/profiles.js';
import { certificateFolder } from '../helpers/sandbox.js';

let plain: Sandbox;
let second: Sandbox;
let third: Sandbox;
let certsDir: string;

beforeAll(async () => {
  certsDir = await certificateFolder();
  const options = { callbackCa: [`${certsDir}/ca.crt`] };
  [plain, second, third] = await servingEachProfile(certsDir, options);
});
afterAll(() => Promise.all([plain, second, third].map((sandbox) => sandbox.close())));
beforeEach(() => Promise.all([plain, second, third].map((sandbox) => sandbox.reset())));

const pay = (sandbox: Sandbox, amount: string) =>
  sandbox.fetch('/v1/payments/sepa-credit-transfers', {
    method: 'POST',
    headers: { 'TPP-Redirect-URI': REDIRECT },
    // ivo's account holds 80,000.00 EUR: funds never decide these.
    body: JSON.stringify({
      debtorAccount: { iban: ibanOf(sandbox, 'ivo') },
      instructedAmount: { currency: 'EUR', amount },
      creditorAccount: { iban: 'DE89370400440532013000' },
      creditorName: 'Merchant GmbH',
    }),
  });
const outcome = async (answer: Response) => (answer.status === 201 ? 'initiated' : (await refusal(answer)).join(' '));

describe('payment.maximum', () => {
  it('initiates up to the served maximum and refuses a cent more with PAYMENT_FAILED', async () => {
    expect([await outcome(await pay(plain, '15000.00')), await outcome(await pay(plain, '15000.01'))]).toEqual([
      'initiated',
      '400 PAYMENT_FAILED',
    ]);
    expect([await outcome(await pay(second, '1000.00')), await outcome(await pay(second, '1000.01'))]).toEqual([
      'initiated',
      `${SECOND['status.PAYMENT_FAILED']} PAYMENT_FAILED`,
    ]);
    expect(await outcome(await pay(third, '60000.00'))).toBe('initiated');
    expect(await outcome(await pay(third, '100000.01'))).toBe('400 PAYMENT_FAILED');
  });
});

describe('payment.dailyLimit', () => {
  it('refuses what goes beyond the served daily limit, and none sets no limit', async () => {
    expect(await outcome(await pay(plain, '15000.00'))).toBe('initiated');
    expect(await outcome(await pay(plain, '10000.00'))).toBe('initiated');
    expect(await outcome(await pay(plain, '0.01'))).toBe('400 PAYMENT_FAILED');
    for (let n = 0; n < 10; n += 1) expect(await outcome(await pay(second, '1000.00'))).toBe('initiated');
    expect(await outcome(await pay(second, '0.01'))).toBe(`${SECOND['status.PAYMENT_FAILED']} PAYMENT_FAILED`);
    expect(await outcome(await pay(third, '30000.00'))).toBe('initiated');
    expect(await outcome(await pay(third, '30000.00'))).toBe('initiated');
  });
});

/** A callback receiver over the sandbox CA's localhost certificate; `handle` decides what it does with a request. */
async function receiver(
  handle: (res: import('node:http').ServerResponse) => void,
): Promise<{ url: string; server: Server; sockets: Set<Socket>; arrived: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  let notify: (() => void) | undefined;
  let count = 0;
  const server = createServer(
    { key: readFileSync(`${certsDir}/server.key`), cert: readFileSync(`${certsDir}/server.crt`) },
    (req, res) => {
      req.resume();
      count += 1;
      notify?.();
      handle(res);
    },
  );
  server.on('secureConnection', (socket: Socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const arrived = () => (count > 0 ? Promise.resolve() : new Promise<void>((resolve) => (notify = resolve)));
  return { url: `https://localhost:${(server.address() as AddressInfo).port}/revocations`, server, sockets, arrived };
}

const deliveries = async (sandbox: Sandbox) =>
  (await (await fetch(`${sandbox.controlUrl}/callbacks`)).json()) as {
    outcome: string;
    nextAttemptAt?: string;
    attempts: { at: string; status: number | null; error: string | null }[];
  }[];

async function revokedWithCallback(sandbox: Sandbox, url: string): Promise<void> {
  expect(
    (await sandbox.fetch('/v1/revocation-callback', { method: 'PUT', body: JSON.stringify({ url }) })).status,
  ).toBe(200);
  const { consentId } = await consent(sandbox, allAccess(ibanOf(sandbox)));
  await sandbox.psu('anna').revoke(consentId);
}

describe('callback.backoff', () => {
  let failing: Awaited<ReturnType<typeof receiver>>;
  beforeAll(async () => {
    failing = await receiver((res) => {
      res.statusCode = 500;
      res.end();
    });
  });
  afterAll(() => failing.server.close());

  /** Sandbox seconds from each failed attempt to the next one the sandbox plans, to a receiver that always fails. */
  async function gaps(sandbox: Sandbox): Promise<number[]> {
    await revokedWithCallback(sandbox, failing.url);
    await sandbox.flushCallbacks();
    const seconds: number[] = [];
    for (;;) {
      const [delivery] = await deliveries(sandbox);
      if (!delivery?.nextAttemptAt) break;
      seconds.push((Date.parse(delivery.nextAttemptAt) - Date.parse(delivery.attempts.at(-1)!.at)) / 1000);
      await sandbox.clock.set(delivery.nextAttemptAt);
      await sandbox.flushCallbacks();
    }
    const [delivery] = await deliveries(sandbox);
    expect([delivery!.outcome, delivery!.attempts.length]).toEqual(['failed', 5]);
    return seconds;
  }

  it('waits the served intervals between the five attempts', async () => {
    expect(await gaps(plain)).toEqual([30, 60, 120, 240]);
    expect(await gaps(second)).toEqual([10, 20, 40, 80]);
    expect(await gaps(third)).toEqual([60, 120, 240, 480]);
  });
});

describe('callback.attemptTimeout', () => {
  let silent: Awaited<ReturnType<typeof receiver>>;
  beforeAll(async () => {
    // Takes the request and never answers.
    silent = await receiver(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    for (const socket of silent.sockets) socket.destroy();
  });
  afterAll(() => silent.server.close());

  /**
   * The attempt's deadline is a timer: with only setTimeout faked, the request really goes out
   * and the receiver really holds it, while the deadline is moved on without waiting for it.
   */
  it.each([
    ['the default 10s', () => plain, 10_000],
    ['5s', () => second, 5_000],
    ['30s', () => third, 30_000],
  ])('cuts an attempt with no answer after %s', async (_name, which, deadlineMs) => {
    const sandbox = which();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const waiting = silent.arrived();
    await revokedWithCallback(sandbox, silent.url);
    await waiting;
    vi.advanceTimersByTime(deadlineMs - 1);
    await new Promise((resolve) => setImmediate(resolve));
    expect((await deliveries(sandbox))[0]!.attempts).toEqual([]);
    vi.advanceTimersByTime(1);
    await sandbox.flushCallbacks();
    expect((await deliveries(sandbox))[0]!.attempts).toEqual([
      expect.objectContaining({ status: null, error: `no complete answer within ${deadlineMs} ms` }),
    ]);
  });
});
