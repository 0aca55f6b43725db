/**
 * Request faults on the XS2A API. The lifecycle's `faults` stage asks after the certificate is read
 * (rules may name a provider) and before anything that stores or changes state, so a faulted request
 * creates, registers and consumes nothing — except a slow one, which is handled as usual and
 * answered late. Each fault names the rule kind that made it (the `exchange` event reports it).
 */
import type { FaultInjector } from './injector.js';
import type { FaultTarget } from './pick.js';
import type { RequestFaultKind } from './schema.js';

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

/** What a fault makes of a request, and the kind of the rule that made it. */
export type RequestFault = { rule: RequestFaultKind } &
  /** The application's own failure: the envelope with X-Request-ID (spec "Errors" rule 3), thrown by the stage. */
  (
    | { kind: 'fail' }
    /** A layer above the application answers: its own body, no envelope and no X-Request-ID echo. */
    | { kind: 'answer'; status: number; headers: Record<string, string>; page?: { type: string; text: string } }
    /**
     * The request is handled at once and only its answer is held back, as when a bank is slow to
     * respond: a client that gives up meanwhile cannot know whether its payment was made, which is
     * what an idempotent retry with the same X-Request-ID is for. The delay is real time (latency,
     * not a time rule, so not the sandbox clock).
     */
    | { kind: 'hold'; delayMs: number }
    /** The connection is closed without an answer. */
    | { kind: 'drop' }
  );

export function requestFault(
  faults: FaultInjector,
  target: Extract<FaultTarget, { family: 'request' }>,
): RequestFault | undefined {
  const fault = faults.pick(target);
  if (!fault) return undefined;
  const { rule } = fault;
  switch (rule.kind) {
    case 'error-500':
      return { rule: rule.kind, kind: 'fail' };
    case 'bad-gateway-html':
      return {
        rule: rule.kind,
        kind: 'answer',
        status: 502,
        headers: {},
        page: { type: 'text/html; charset=utf-8', text: BAD_GATEWAY_PAGE },
      };
    case 'unavailable-empty':
      return {
        rule: rule.kind,
        kind: 'answer',
        status: 503,
        headers: rule.retryAfter === undefined ? {} : { 'Retry-After': String(rule.retryAfter) },
      };
    case 'slow':
      return { rule: rule.kind, kind: 'hold', delayMs: rule.delayMs };
    case 'drop':
      return { rule: rule.kind, kind: 'drop' };
    default:
      return undefined;
  }
}
