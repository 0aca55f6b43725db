/**
 * The `manual` SCA driver: prints the scaRedirect for a person to open, then polls the resource's
 * status until it leaves its initial value or the time-out passes. The status endpoints are the
 * truth, not the redirect (spec "Authorisation hand-over" 3), so no Location is returned.
 */
import { fail } from '../failure.js';
import type { ScaDriver } from '../target.js';

export interface ManualDriverOptions {
  say(text: string): void;
  timeoutMs?: number;
  pollMs?: number;
  /** Injected for tests; real waiting and real time otherwise (a human is on the other side). */
  wait?: (ms: number) => Promise<void>;
  now?: () => number;
}

const INITIAL = new Set(['received', 'RCVD']);

export function manualScaDriver(options: ManualDriverOptions): ScaDriver {
  const wait = options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;
  return {
    name: 'manual',
    async authorise(request) {
      const timeoutMs = options.timeoutMs ?? 5 * 60_000;
      // An approval is counted only when the customer moved the status: one that is already past its
      // initial value before anybody acted proves nothing (and a target must not authorise by itself).
      const before = await request.status();
      if (!INITIAL.has(before))
        fail(
          `the status was already ${before} before the customer acted on ${request.scaRedirect}: no approval can be counted`,
          { expected: [...INITIAL], actual: before },
        );
      // Starts on a fresh line: a progress line of the console reporter may be open on the terminal.
      options.say(
        `\nOpen this address as customer ${request.psu.id} and ${request.decision} there (waiting up to ${Math.round(timeoutMs / 1000)} s):\n  ${request.scaRedirect}\n`,
      );
      const deadline = now() + timeoutMs;
      let status = before;
      while (INITIAL.has(status)) {
        if (now() >= deadline)
          fail(
            `the customer did not act on ${request.scaRedirect} within ${Math.round(timeoutMs / 1000)} s (status still ${status})`,
          );
        await wait(options.pollMs ?? 2_000);
        status = await request.status();
      }
      return { location: null };
    },
  };
}
