/**
 * Applies request faults on the XS2A API. It runs after the certificate is read (rules may name a
 * provider) and before anything that stores or changes state, so a faulted request creates,
 * registers and consumes nothing — except a slow one, which is handled as usual and answered late.
 */
import type { RequestHandler, Response } from 'express';
import { HEADERS, XsError } from '../../contract/index.js';
import type { ProviderIdentity } from '../rules/identity.js';
import type { FaultInjector } from './injector.js';

/** What a reverse proxy in front of the application answers when it loses the application. */
export const BAD_GATEWAY_PAGE = `<!DOCTYPE html>
<html>
<head><title>502 Bad Gateway</title></head>
<body>
<h1>502 Bad Gateway</h1>
<p>The server in front of the XS2A interface got no valid answer from it.</p>
<hr><p>xs2a-kit fault injection</p>
</body>
</html>
`;

/**
 * The request is handled at once and only its answer is held back, as when a bank is slow to
 * respond: a client that gives up meanwhile cannot know whether its payment was made, which is
 * what an idempotent retry with the same X-Request-ID is for. The delay is real time (latency,
 * not a time rule, so not the sandbox clock).
 */
function holdAnswer(res: Response, delayMs: number): void {
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.end = ((...args: unknown[]) => {
    setTimeout(() => end(...args), delayMs).unref();
    return res;
  }) as Response['end'];
}

export function injectFaults(faults: FaultInjector): RequestHandler {
  return (req, res, next) => {
    const identity = res.locals.identity as ProviderIdentity | undefined;
    const fault = faults.pick({ family: 'request', method: req.method, path: req.originalUrl.split('?')[0] ?? '/', provider: identity?.organizationIdentifier });
    if (!fault) {
      next();
      return;
    }
    const { rule } = fault;
    switch (rule.kind) {
      case 'error-500':
        // The application's own failure: the envelope with X-Request-ID (spec "Errors" rule 3).
        throw new XsError('INTERNAL_SERVER_ERROR');
      case 'bad-gateway-html':
        // A layer above the application answers: no envelope and no X-Request-ID echo.
        res.removeHeader(HEADERS.requestId);
        res.status(502).type('html').send(BAD_GATEWAY_PAGE);
        return;
      case 'unavailable-empty':
        res.removeHeader(HEADERS.requestId);
        if (rule.retryAfter !== undefined) res.setHeader('Retry-After', String(rule.retryAfter));
        res.status(503).end();
        return;
      case 'slow':
        holdAnswer(res, rule.delayMs);
        next();
        return;
      case 'drop':
        req.socket.destroy();
        return;
      default:
        next();
    }
  };
}
