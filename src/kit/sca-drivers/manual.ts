/**
 * The `manual` SCA driver: prints the scaRedirect for a person to open, then polls the resource's
 * status until it leaves its initial value or the time-out passes. The status endpoints are the
 * truth, not the redirect (spec "Authorisation hand-over" 3), so no Location is returned.
 *
 * Its time-out is the one limit of the wait: printed with the address, honoured (the runner pauses
 * the scenario's own limit meanwhile), and told in one line naming the scenario and the address when
 * it passes. Once the scenario is over or the run interrupted (the request's signal), it stops at once:
 * nothing of it keeps the process alive.
 */
import { fail, Inconclusive } from '../failure.js';
import type { ScaDriver } from '../target.js';

export interface ManualDriverOptions {
  say(text: string): void;
  timeoutMs?: number;
  pollMs?: number;
  /** Injected for tests; real waiting and real time otherwise (a human is on the other side). */
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
}

const INITIAL = new Set(['received', 'RCVD']);

/** The default wait for a person: five minutes. */
export const MANUAL_TIMEOUT_MS = 5 * 60_000;

/** A pause that ends early, and leaves no timer behind, when the signal aborts. */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

export function manualScaDriver(options: ManualDriverOptions): ScaDriver {
  const wait = options.wait ?? pause;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? MANUAL_TIMEOUT_MS;
  const seconds = Math.round(timeoutMs / 1000);
  return {
    name: 'manual',
    waitsForPeople: true,
    async authorise(request) {
      // An approval is counted only when the customer moved the status: one that is already past its
      // initial value before anybody acted proves nothing (and a target must not authorise by itself).
      const before = await request.status();
      if (!INITIAL.has(before))
        fail(
          `the status was already ${before} before the customer acted on ${request.scaRedirect}: no approval can be counted`,
          { expected: [...INITIAL], actual: before },
        );
      // Each line names the scenario it is for, when the runner said which.
      const lead = (sentence: string) =>
        request.scenario ? `${request.scenario}: ${sentence}` : `${sentence[0]!.toUpperCase()}${sentence.slice(1)}`;
      // Starts on a fresh line: a progress line of the console reporter may be open on the terminal.
      options.say(
        `\n${lead(`open this address as customer ${request.psu.id} and ${request.decision} there (waiting up to ${seconds} s):`)}\n  ${request.scaRedirect}\n`,
      );
      const deadline = now() + timeoutMs;
      let status = before;
      while (INITIAL.has(status)) {
        if (request.signal?.aborted)
          throw new Inconclusive(`stopped waiting for the customer at ${request.scaRedirect}`);
        if (now() >= deadline) {
          options.say(
            `\n${lead(`no answer from customer ${request.psu.id} within ${seconds} s at ${request.scaRedirect} (status still ${status}); going on.`)}\n`,
          );
          fail(`the customer did not act on ${request.scaRedirect} within ${seconds} s (status still ${status})`);
        }
        await wait(Math.min(options.pollMs ?? 2_000, Math.max(0, deadline - now())), request.signal);
        if (request.signal?.aborted)
          throw new Inconclusive(`stopped waiting for the customer at ${request.scaRedirect}`);
        status = await request.status();
      }
      return { location: null };
    },
  };
}
