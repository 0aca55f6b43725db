/**
 * A process of a shared sandbox (several processes on one PostgreSQL database) catches up with what
 * the others committed before it reads anything: the clock's offset (one clock for every process,
 * kept in the database), the bank profile chosen while it runs, a reset's new day for the seed, and
 * the bookings another process made or unmade (followed by the ledger index; an index the store
 * cannot say how to follow is built again). Run at a request's arrival and at the start of every
 * unit of work (under its lock, so a decision reads the clock as committed). A store of one process
 * has nothing to catch up.
 */
import type { SandboxParts } from './context.js';

export function syncShared(parts: Pick<SandboxParts, 'store' | 'clock' | 'world' | 'profileChoice'>): void {
  if (!parts.store.shared) return;
  const { state, bookingsChanged } = parts.store.sync();
  if (state.clockOffsetMs !== parts.clock.offsetMs) parts.clock.restore(state.clockOffsetMs);
  parts.profileChoice.follow(state);
  if (bookingsChanged === 'all' || state.seedAnchor !== parts.world.seed.anchor) parts.world.restart(state.seedAnchor);
  else if (bookingsChanged) parts.world.follow(bookingsChanged);
}
