import { describe, expect, it } from 'vitest';
import { ExpectationFailed, Inconclusive } from '../failure.js';
import type { ScaRequest } from '../target.js';
import { manualScaDriver } from './manual.js';

/** A fake clock that only moves when the driver waits: no real time passes in these tests. */
function fakeTime() {
  let now = 1_000_000;
  const waits: number[] = [];
  return { now: () => now, wait: async (ms: number) => void (waits.push(ms), (now += ms)), waits };
}

function request(statuses: string[], decision: 'approve' | 'decline' = 'approve') {
  let calls = 0;
  const req: ScaRequest = {
    scaRedirect: 'https://bank.example/sca/42?state=5f0c',
    psu: { id: 'anna', password: 'anna-1234' },
    decision,
    status: async () => statuses[Math.min(calls++, statuses.length - 1)]!,
    record: () => {},
  };
  return { req, calls: () => calls };
}

describe('manual SCA driver', () => {
  it('prints the address, the customer and the decision, then polls until the status leaves received', async () => {
    const said: string[] = [];
    const time = fakeTime();
    const driver = manualScaDriver({ say: (text) => said.push(text), pollMs: 2_000, timeoutMs: 60_000, ...time });
    const { req, calls } = request(['received', 'received', 'received', 'valid'], 'decline');
    await expect(driver.authorise(req)).resolves.toEqual({ location: null });
    expect(said).toEqual([
      '\nOpen this address as customer anna and decline there (waiting up to 60 s):\n  https://bank.example/sca/42?state=5f0c\n',
    ]);
    expect(calls()).toBe(4);
    expect(time.waits).toEqual([2_000, 2_000, 2_000]);
  });

  it('counts no approval when the status had already moved before the customer acted, and treats a payment’s RCVD as not yet moved', async () => {
    const time = fakeTime();
    const said: string[] = [];
    const driver = manualScaDriver({ say: (text) => said.push(text), ...time });
    const early = driver.authorise(request(['valid']).req);
    await expect(early).rejects.toBeInstanceOf(ExpectationFailed);
    await expect(early).rejects.toThrow(
      'the status was already valid before the customer acted on https://bank.example/sca/42?state=5f0c: no approval can be counted',
    );
    expect(said).toEqual([]);
    await expect(driver.authorise(request(['RCVD', 'RCVD', 'ACSP']).req)).resolves.toEqual({ location: null });
    expect(time.waits).toEqual([2_000, 2_000]);
  });

  it('fails with the address and the status after the time-out, having polled once more at the deadline', async () => {
    const time = fakeTime();
    const driver = manualScaDriver({ say: () => {}, pollMs: 5_000, timeoutMs: 20_000, ...time });
    const { req, calls } = request(['received']);
    const outcome = driver.authorise(req);
    await expect(outcome).rejects.toBeInstanceOf(ExpectationFailed);
    await expect(outcome).rejects.toThrow(
      'the customer did not act on https://bank.example/sca/42?state=5f0c within 20 s (status still received)',
    );
    expect(time.waits).toEqual([5_000, 5_000, 5_000, 5_000]);
    expect(calls()).toBe(5);
  });
});

describe('manual SCA driver: its time-out is the one limit (issue 39)', () => {
  it('names the scenario and the address when it starts waiting and when it gives up', async () => {
    const said: string[] = [];
    const time = fakeTime();
    const driver = manualScaDriver({ say: (text) => said.push(text), pollMs: 2_000, timeoutMs: 4_000, ...time });
    const { req } = request(['received']);
    await expect(driver.authorise({ ...req, scenario: 'AIS-CONSENT-001 a consent is approved' })).rejects.toThrow(
      'the customer did not act on https://bank.example/sca/42?state=5f0c within 4 s (status still received)',
    );
    expect(said).toEqual([
      '\nAIS-CONSENT-001 a consent is approved: open this address as customer anna and approve there (waiting up to 4 s):\n  https://bank.example/sca/42?state=5f0c\n',
      '\nAIS-CONSENT-001 a consent is approved: no answer from customer anna within 4 s at https://bank.example/sca/42?state=5f0c (status still received); going on.\n',
    ]);
    expect(driver.waitsForPeople).toBe(true);
  });

  it('never polls past its deadline: the last pause is what is left of it', async () => {
    const time = fakeTime();
    const driver = manualScaDriver({ say: () => {}, pollMs: 3_000, timeoutMs: 7_000, ...time });
    await expect(driver.authorise(request(['received']).req)).rejects.toBeInstanceOf(ExpectationFailed);
    expect(time.waits).toEqual([3_000, 3_000, 1_000]);
  });

  it('stops at once, with no timer left, when the scenario is over or the run interrupted', async () => {
    const controller = new AbortController();
    // Real waiting: a pause of a minute that the abort must end now.
    const driver = manualScaDriver({ say: () => {}, pollMs: 60_000, timeoutMs: 600_000 });
    const { req, calls } = request(['received']);
    const started = performance.now();
    const outcome = driver.authorise({ ...req, signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(outcome).rejects.toBeInstanceOf(Inconclusive);
    await expect(outcome).rejects.toThrow('stopped waiting for the customer at https://bank.example/sca/42?state=5f0c');
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(calls()).toBe(1);
  });
});
