/**
 * A scenario's time limit, paused while someone else's limit applies: while the `manual` SCA driver
 * waits for a person, its own time-out (printed with the address) is the one that counts, so the
 * scenario is never cut short of what the driver said it would wait (issue 39: "waiting up to 300 s",
 * then cut at 60 s). The kit's own work still has `limitMs`.
 */
export interface ScenarioBudget {
  /** Pauses the limit until the function answered is called (holds nest). */
  hold(): () => void;
  /** Stops the timer for good. */
  cancel(): void;
}

export function scenarioBudget(limitMs: number, expired: () => void): ScenarioBudget {
  let used = 0;
  let since = performance.now();
  let holds = 0;
  let timer: NodeJS.Timeout | undefined;
  let over = false;
  const arm = () => {
    timer = setTimeout(
      () => {
        over = true;
        expired();
      },
      Math.max(0, limitMs - used),
    );
  };
  arm();
  return {
    hold() {
      if (holds++ === 0 && !over) {
        clearTimeout(timer);
        used += performance.now() - since;
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (--holds === 0 && !over) {
          since = performance.now();
          arm();
        }
      };
    },
    cancel() {
      over = true;
      clearTimeout(timer);
    },
  };
}
