/**
 * What a facility's operator bounds per world beyond its records (the bank's max-records quota): how
 * often its providers call the control API (`--control-rate`, per minute) and how long a world may
 * lie idle before it is ended (`--world-idle-expiry`). Both by the host's clock, not a world's own:
 * they are the facility's limits, and a world's clock is its providers' to move. In memory one
 * process counts; on PostgreSQL every process counts into the same row (xs2a_activity), so the
 * limits are the facility's, not one process's.
 */
import type { PgDatabase } from '../store/pg/pg-store.js';

const MINUTE_MS = 60_000;
/** A process records a world's activity at most this often: the idle expiry is counted in minutes at least. */
const TOUCH_EVERY_MS = 30_000;

export interface WorldActivity {
  /** A provider of the world called now. */
  touch(world: string, nowMs: number): void;
  /**
   * Counts a control call of the world; answers undefined within the quota, else the seconds until
   * the next minute, when calls are counted afresh.
   */
  controlCall(world: string, nowMs: number): number | undefined;
  /** The worlds no provider called since `beforeMs`. */
  idleSince(beforeMs: number): string[];
  /** The world was ended: nothing of it is counted any more. */
  forget(world: string): void;
}

export function worldActivity(controlRate: number | undefined, database?: PgDatabase): WorldActivity {
  /** When this process last recorded each world's activity (the database's row, or the only record in memory). */
  const touched = new Map<string, number>();
  const calls = new Map<string, { minute: number; count: number }>();

  const secondsToNextMinute = (nowMs: number) => Math.max(1, Math.ceil((MINUTE_MS - (nowMs % MINUTE_MS)) / 1000));

  return {
    touch(world, nowMs) {
      const last = touched.get(world);
      if (database) {
        if (last !== undefined && nowMs - last < TOUCH_EVERY_MS) return;
        database.touch(world, nowMs);
      }
      touched.set(world, nowMs);
    },
    controlCall(world, nowMs) {
      if (controlRate === undefined) return undefined;
      const minute = Math.floor(nowMs / MINUTE_MS);
      let count: number;
      if (database) count = database.controlCall(world, minute, nowMs);
      else {
        const own = calls.get(world);
        count = own && own.minute >= minute ? own.count + 1 : 1;
        calls.set(world, { minute: Math.max(minute, own?.minute ?? minute), count });
      }
      return count > controlRate ? secondsToNextMinute(nowMs) : undefined;
    },
    idleSince(beforeMs) {
      if (database) return database.idleSince(beforeMs);
      return [...touched].filter(([, at]) => at < beforeMs).map(([world]) => world);
    },
    forget(world) {
      touched.delete(world);
      calls.delete(world);
    },
  };
}
