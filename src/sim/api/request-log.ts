/** Emits one `request` event per answered request (the terminal UI's request log). */
import type { RequestHandler } from 'express';
import type { SandboxContext } from '../context.js';
import { errorCodeOf } from '../http/error-handler.js';
import type { ProviderIdentity } from '../rules/identity.js';

export function requestLog(ctx: SandboxContext): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const at = ctx.clock.now().toISOString();
    res.on('finish', () => {
      ctx.events.emit('request', {
        at,
        provider: (res.locals.identity as ProviderIdentity | undefined)?.organizationIdentifier,
        method: req.method,
        path: req.originalUrl.split('?')[0] ?? req.originalUrl,
        status: res.statusCode,
        code: errorCodeOf(res),
        latencyMs: Number(process.hrtime.bigint() - started) / 1e6,
      });
    });
    next();
  };
}
