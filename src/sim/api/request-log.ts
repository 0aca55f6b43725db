/**
 * One `request` event per answered request (the terminal UI's request log). The arrival is noted
 * as two numbers and the event is built only when someone listens once the answer is written.
 */
import type { SandboxContext } from '../context.js';

export interface RequestStart {
  /** Sandbox time the request arrived (ms). */
  atMs: number;
  /** process.hrtime.bigint() when it arrived. */
  started: bigint;
  method: string;
  /** The request target as sent, without the query. */
  path: string;
}

export function logRequest(
  ctx: SandboxContext,
  start: RequestStart,
  answered: { provider: string | undefined; status: number; code: string | undefined },
): void {
  if (!ctx.events.has('request')) return;
  ctx.events.emit('request', {
    at: new Date(start.atMs).toISOString(),
    provider: answered.provider,
    method: start.method,
    path: start.path,
    status: answered.status,
    code: answered.code,
    latencyMs: Number(process.hrtime.bigint() - start.started) / 1e6,
  });
}
