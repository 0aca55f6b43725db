/**
 * CLIENT-REQUEST-ID-FORM and CLIENT-REQUEST-ID-NEW (spec "Request headers": X-Request-ID on every
 * request, a UUID; "Behaviour notes: Payments" 6: the idempotency key of an initiation, a
 * correlation id elsewhere). A bank may serve a request without one (a bank-profile choice); the
 * client still broke the rule, so the form is judged on what was sent, not on the answer.
 */
import { BoundedMap } from '../bounded.js';
import { isInitiation, wellFormedRequestId, type Seen } from '../seen.js';
import { check, line, PROVIDER_MEMORY } from './check.js';

export const requestIdForm = check({
  rule: 'CLIENT-REQUEST-ID-FORM',
  memory: () => undefined,
  judge(_memory, seen) {
    if (wellFormedRequestId(seen)) return undefined;
    const ids = seen.requestIds;
    const what =
      ids.length === 0
        ? 'no X-Request-ID'
        : ids.length > 1
          ? `X-Request-ID ${ids.length} times`
          : `X-Request-ID "${ids[0]}", not a UUID`;
    return { rule: 'CLIENT-REQUEST-ID-FORM', detail: `${line(seen)} was sent with ${what}.` };
  },
});

/** An initiation sent again with the same body: the one case the id must repeat. */
const replays = (earlier: Seen, seen: Seen) =>
  isInitiation(earlier) && isInitiation(seen) && earlier.bodyKey === seen.bodyKey;

export const requestIdNew = check({
  rule: 'CLIENT-REQUEST-ID-NEW',
  // Ids live longer than other memories: a reuse a day later is still a reuse.
  memory: () => new BoundedMap<string, Seen>(PROVIDER_MEMORY * 10),
  judge(memory, seen) {
    if (!wellFormedRequestId(seen)) return undefined;
    const id = seen.requestIds[0]!.toLowerCase();
    const earlier = memory.get(id);
    if (earlier === undefined) {
      memory.set(id, seen);
      return undefined;
    }
    if (replays(earlier, seen)) return undefined;
    return {
      rule: 'CLIENT-REQUEST-ID-NEW',
      detail: `${line(seen)} reused the X-Request-ID of an earlier ${line(earlier)}${isInitiation(seen) && isInitiation(earlier) ? ' with a different body' : ''}.`,
      earlier: [earlier],
    };
  },
});
