/** `POST /sandbox/reset` and `sandbox.reset()`: back to the freshly seeded state, as one unit of work. */
import { isoDate } from '../../../contract/dates.js';
import type { SandboxContext } from '../../context.js';
import { freshState } from '../../store/state.js';
import { clockView, type ClockView } from './clock.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type ControlResetContext = Pick<SandboxContext, 'store' | 'clock' | 'events' | 'world' | 'bank'>;

/** Back to the freshly seeded state: empty store, the clock at its start (clockStart or real time), histories anchored on that day; the profile served stays. */
export function resetSandbox(ctx: ControlResetContext): Promise<ClockView> {
  return ctx.bank.transact((uow) => {
    const before = { offsetMs: ctx.clock.offsetMs };
    let restoreWorld = () => {};
    uow.change(
      () => {
        ctx.clock.reset();
        restoreWorld = ctx.world.restart(isoDate(ctx.clock.now()));
      },
      () => {
        ctx.clock.restore(before.offsetMs);
        restoreWorld();
      },
    );
    // Every record goes, the callback key too: as fresh as a first start. The bank profile chosen
    // while it ran stays, as the one it started with would.
    const { profile } = ctx.store.state();
    uow.clear({ ...freshState(isoDate(ctx.clock.now()), ctx.clock.offsetMs), ...(profile ? { profile } : {}) });
    const at = ctx.clock.now().toISOString();
    uow.afterCommit(() => ctx.events.emit('reset', { at }));
    return clockView(ctx);
  });
}
