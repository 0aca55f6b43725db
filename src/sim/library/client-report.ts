/**
 * `sandbox.clientReport()` and `sandbox.callbacks.forge()`: the client judge and forged callbacks
 * as calls, the same checks and refusals as the control API (a refusal is a SandboxError with the
 * envelope's code and `path`). The report reads well in a test:
 * `expect(sandbox.clientReport().findings).toEqual([])`.
 */
import type { SandboxContext } from '../context.js';
import type { Acknowledgement } from '../judge/findings.js';
import type { ClientReport } from '../judge/judge.js';
import { judgeOf } from '../judge/judge-of.js';
import { forgeCallback, type ForgeInput, type ForgeResult } from '../services/callbacks/forge.js';
import { refusing, refusingNow } from './errors.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type ClientReportLibraryContext = Pick<
  SandboxContext,
  'store' | 'clock' | 'events' | 'callbackCa' | 'behaviour' | 'judge'
>;

export interface SandboxClientReport {
  /** The findings (oldest first), how many were dropped beyond the bound, the acknowledgements, what was provoked. */
  (options?: { provider?: string }): ClientReport;
  /** Keeps the rule's findings (of one provider, or all) out of the report from now on: for tests that break it on purpose. */
  acknowledge(rule: string, options?: { provider?: string }): Acknowledgement[];
  /** Forgets the findings (of one provider, or all); acknowledgements stay. */
  clear(options?: { provider?: string }): void;
}

export function clientReportOf(ctx: Pick<ClientReportLibraryContext, 'judge'>): SandboxClientReport {
  const report = (options: { provider?: string } = {}) => refusingNow(() => judgeOf(ctx).report(options.provider));
  return Object.assign(report, {
    acknowledge: (rule: string, options: { provider?: string } = {}) =>
      refusingNow(() => judgeOf(ctx).acknowledge({ rule, ...options })),
    clear: (options: { provider?: string } = {}) => refusingNow(() => judgeOf(ctx).clear(options.provider)),
  });
}

export interface SandboxCallbacks {
  /**
   * Sends the registered callback URL of the consent's provider a revocation event: `correct`,
   * `wrong-secret` (signed with another key), `stale` (a `t` six minutes old), `duplicate` (the same
   * event twice), `out-of-order` (two events, the later first). Resolves with the receiver's answers.
   */
  forge(input: ForgeInput): Promise<ForgeResult>;
}

export function callbacksOf(
  ctx: Pick<ClientReportLibraryContext, 'store' | 'clock' | 'events' | 'callbackCa' | 'behaviour'>,
): SandboxCallbacks {
  return { forge: (input) => refusing(() => forgeCallback(ctx, input)) };
}
