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
  /** Injected for tests; real waiting otherwise (a human is on the other side). */
  wait?: (ms: number) => Promise<void>;
}

const INITIAL = new Set(['received', 'RCVD']);

export function manualScaDriver(options: ManualDriverOptions): ScaDriver {
  const wait = options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  return {
    name: 'manual',
    async authorise(request) {
      options.say(`Open this address as customer ${request.psu.id} and ${request.decision} there:\n  ${request.scaRedirect}\n`);
      const deadline = Date.now() + (options.timeoutMs ?? 5 * 60_000);
      while (Date.now() < deadline) {
        if (!INITIAL.has(await request.status())) return { location: null };
        await wait(options.pollMs ?? 2_000);
      }
      fail(`the customer did not act on ${request.scaRedirect} in time`);
    },
  };
}
