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
  onChange(listener: (change: ClockChange) => void): () => void;
}

export class ClockError extends Error {}

export function createClock(options: { offsetMs?: number; realNow?: () => number; startAt?: number } = {}): Clock {
  const realNow = options.realNow ?? Date.now;
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
      if (!Number.isFinite(ms) || ms <= 0) throw new ClockError('The clock only moves forward: give a positive duration.');
      return moveTo(nowMs() + ms, true);
    },
    set(at) {
      const target = at.getTime();
      if (Number.isNaN(target)) throw new ClockError('Not a valid date-time.');
      if (target < nowMs()) throw new ClockError('The clock only moves forward; POST /sandbox/reset starts over at real time.');
      return moveTo(target, true);
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
