/** One `request` event per answered request (the terminal UI's request log). */
import type { SandboxContext } from '../context.js';

export interface RequestStart {
  /** Sandbox time the request arrived. */
  at: string;
  /** process.hrtime.bigint() when it arrived. */
  started: bigint;
  method: string;
  /** The request target as sent; the log shows it without the query. */
  url: string;
}

export function logRequest(ctx: SandboxContext, start: RequestStart, answered: { provider: string | undefined; status: number; code: string | undefined }): void {
  ctx.events.emit('request', {
    at: start.at,
    provider: answered.provider,
    method: start.method,
    path: start.url.split('?')[0] ?? start.url,
    status: answered.status,
    code: answered.code,
    latencyMs: Number(process.hrtime.bigint() - start.started) / 1e6,
  });
}
