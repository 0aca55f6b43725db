/**
 * The one sandbox clock. Every time rule reads it, so tests and scenarios move it instead of
 * sleeping. It runs with real time plus an offset: instant payments still settle "within seconds"
 * while 180-day rules are reached with one call. It only moves forward (rules are derived from
 * stored facts plus `now`, and a clock going back would make stored facts lie in the future);
 * `reset` is the way back, to the configured start or to real time.
 */
export interface ClockChange {
  from: Date;
  to: Date;
}

export interface Clock {
  now(): Date;
  nowMs(): number;
  /** Milliseconds added to real time; persisted so a restart with --data keeps sandbox time. */
  readonly offsetMs: number;
  advance(ms: number): Date;
  set(at: Date): Date;
  /** Back to where the sandbox started: `startAt` when one was given, else real time (a sandbox reset). */
  reset(): void;
  /** Puts an earlier offset back, telling nobody: a clock move whose unit of work was undone. */
  restore(offsetMs: number): void;
  onChange(listener: (change: ClockChange) => void): () => void;
}

export class ClockError extends Error {}

/**
 * The latest instant the clock may show: the end of year 9999. Dates in the interface have four-digit
 * years, and every time rule (180 days on, 24 hours on, the next business day) stays a valid date
 * from any instant up to here, so no accepted clock move can make a later request fail.
 */
export const CLOCK_MAX_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
export const CLOCK_MAX = new Date(CLOCK_MAX_MS).toISOString();
/**
 * The earliest instant a clock read from a data file may show: 1970-01-01T00:00:00Z. The sandbox's
 * clock only moves forward from the host's time, so only a data file can put it earlier; before the
 * Unix epoch the callback signature's `t=<unix_seconds>` (interface "Events" 4) would be negative.
 */
export const CLOCK_MIN_MS = 0;

/** Why a clock offset read from a data file cannot be served (from the host's time now), or undefined. */
export function clockProblem(offsetMs: number, realNowMs = Date.now()): string | undefined {
  if (!Number.isFinite(offsetMs)) return 'not a number of milliseconds';
  const at = realNowMs + offsetMs;
  if (at > CLOCK_MAX_MS) return 'the sandbox clock would stand past 9999-12-31';
  if (at < CLOCK_MIN_MS) return 'the sandbox clock would stand before 1970-01-01';
  return undefined;
}

export function createClock(options: { offsetMs?: number; realNow?: () => number; startAt?: number } = {}): Clock {
  // Read at each call, not captured: whatever Date.now is then (a host whose time is faked included).
  const realNow = options.realNow ?? (() => Date.now());
  let offsetMs = options.offsetMs ?? 0;
  const listeners = new Set<(change: ClockChange) => void>();

  const nowMs = () => realNow() + offsetMs;
  const moveTo = (targetMs: number, notify: boolean): Date => {
    const from = new Date(nowMs());
    offsetMs = targetMs - realNow();
    const to = new Date(nowMs());
    if (notify) for (const listener of listeners) listener({ from, to });
    return to;
  };

  return {
    now: () => new Date(nowMs()),
    nowMs,
    get offsetMs() {
      return offsetMs;
    },
    advance(ms) {
      if (!Number.isFinite(ms) || ms <= 0)
        throw new ClockError('The clock only moves forward: give a positive duration.');
      if (nowMs() + ms > CLOCK_MAX_MS) throw new ClockError(`The clock cannot go past ${CLOCK_MAX}.`);
      return moveTo(nowMs() + ms, true);
    },
    set(at) {
      const target = at.getTime();
      if (Number.isNaN(target)) throw new ClockError('Not a valid date-time.');
      if (target > CLOCK_MAX_MS) throw new ClockError(`The clock cannot go past ${CLOCK_MAX}.`);
      if (target < nowMs())
        throw new ClockError('The clock only moves forward; POST /sandbox/reset starts over at real time.');
      return moveTo(target, true);
    },
    restore(offset) {
      offsetMs = offset;
    },
    reset() {
      moveTo(options.startAt ?? realNow(), true);
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
