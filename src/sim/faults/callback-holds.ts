/**
 * Reordered callbacks (spec "Events" 8: ordering is not guaranteed): a held delivery waits until
 * another delivery to the same provider has gone out, then follows it. A provider with no other
 * event coming would wait for ever, so a hold also ends after one minute of sandbox time.
 */
export const HOLD_LIMIT_MS = 60_000;

export interface CallbackHolds {
  hold(eventId: string, tpp: string, untilMs: number): void;
  /** Still waiting; a hold past its limit is released instead. */
  isHeld(eventId: string, nowMs: number): boolean;
  /** Releases the holds of these providers (a delivery of theirs just went out); true when any. */
  releaseFor(tpps: Iterable<string>): boolean;
  /** True once for a released delivery, which then goes out without being held again. */
  takeReleased(eventId: string): boolean;
  releaseAll(): void;
  clear(): void;
}

export function createCallbackHolds(): CallbackHolds {
  const held = new Map<string, { tpp: string; untilMs: number }>();
  const released = new Set<string>();
  const release = (eventId: string) => {
    held.delete(eventId);
    released.add(eventId);
  };
  return {
    hold: (eventId, tpp, untilMs) => void held.set(eventId, { tpp, untilMs }),
    isHeld(eventId, nowMs) {
      const hold = held.get(eventId);
      if (!hold) return false;
      if (nowMs < hold.untilMs) return true;
      release(eventId);
      return false;
    },
    releaseFor(tpps) {
      const providers = new Set(tpps);
      let any = false;
      for (const [eventId, hold] of held) {
        if (!providers.has(hold.tpp)) continue;
        release(eventId);
        any = true;
      }
      return any;
    },
    takeReleased: (eventId) => released.delete(eventId),
    releaseAll: () => {
      for (const eventId of [...held.keys()]) release(eventId);
    },
    clear: () => {
      held.clear();
      released.clear();
    },
  };
}
