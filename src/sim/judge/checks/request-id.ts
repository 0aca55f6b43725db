/**
 * CLIENT-REQUEST-ID-FORM and CLIENT-REQUEST-ID-NEW (spec "Request headers": X-Request-ID on every
 * request, a UUID; "Behaviour notes: Payments" 6: the idempotency key of an initiation, a
 * correlation id elsewhere). A bank may serve a request without one (a bank-profile choice); the
 * client still broke the rule, so the form is judged on what was sent, not on the answer.
 *
 * The interface asks a new id of nobody: only an initiation's key binds to one payment, so only an
 * initiation of another payment under it is a finding. Any other reuse is ADVICE-REQUEST-ID-NEW.
 */
import { BoundedMap } from '../bounded.js';
import { isInitiation, wellFormedRequestId, type Seen } from '../seen.js';
import { check, line, PROVIDER_MEMORY, requestLine, type RequestLine } from './check.js';

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

/**
 * What is remembered of a request under its id: its line, when it came, and, for an initiation, its
 * body (a replay repeats it). Ids are remembered for 10,000 requests, since a reuse a day later is
 * still a reuse; the exchange itself only for the newest 100, the evidence of most reuses (a client
 * that reuses an id does so at once). Keeping every exchange ten thousand deep made each request's
 * event live long enough to be copied into the old generation and collected there.
 */
interface Used {
  readonly request: RequestLine;
  readonly at: string;
  /** The body of the first initiation sent under the id (by value), once one was. */
  initiationBody: string | undefined;
}

interface Memory {
  readonly used: BoundedMap<string, Used>;
  readonly exchanges: BoundedMap<string, Seen>;
}

export const REMEMBERED_IDS = PROVIDER_MEMORY * 10;
export const REMEMBERED_EXCHANGES = 100;

/** An initiation sent again with the same body: the one case the id must repeat. */
const replays = (earlier: Used, seen: Seen) =>
  earlier.initiationBody !== undefined && isInitiation(seen) && earlier.initiationBody === seen.bodyKey;

export const requestIdNew = check({
  rule: 'CLIENT-REQUEST-ID-NEW',
  advice: 'ADVICE-REQUEST-ID-NEW',
  memory: (): Memory => ({
    used: new BoundedMap(REMEMBERED_IDS),
    exchanges: new BoundedMap(REMEMBERED_EXCHANGES),
  }),
  judge(memory, seen) {
    if (!wellFormedRequestId(seen)) return undefined;
    const id = seen.requestIds[0]!.toLowerCase();
    const earlier = memory.used.get(id);
    if (earlier === undefined) {
      const { method, path, query } = seen.event.request;
      memory.used.set(id, {
        request: { method, path, query },
        at: seen.event.at,
        initiationBody: isInitiation(seen) ? seen.bodyKey : undefined,
      });
      memory.exchanges.set(id, seen);
      return undefined;
    }
    if (replays(earlier, seen)) return undefined;
    const exchange = memory.exchanges.get(id);
    const otherPayment = isInitiation(seen) && earlier.initiationBody !== undefined;
    if (isInitiation(seen) && earlier.initiationBody === undefined) earlier.initiationBody = seen.bodyKey;
    const gone = exchange ? '' : ` at ${earlier.at} (an exchange too old to be kept as evidence)`;
    if (otherPayment)
      return {
        rule: 'CLIENT-REQUEST-ID-NEW',
        detail: `${line(seen)} initiated a different payment under the X-Request-ID of an earlier initiation ${requestLine(earlier.request)}${gone}: that id is the first payment's idempotency key.`,
        ...(exchange ? { earlier: [exchange] } : {}),
      };
    return {
      rule: 'ADVICE-REQUEST-ID-NEW',
      detail: `${line(seen)} reused the X-Request-ID of an earlier ${requestLine(earlier.request)}${gone}.`,
      ...(exchange ? { earlier: [exchange] } : {}),
    };
  },
});
