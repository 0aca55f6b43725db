/** `POST /sandbox/reset` and `sandbox.reset()`: back to the freshly seeded state, as one unit of work. */
import { isoDate } from '../../../contract/dates.js';
import type { SandboxContext } from '../../context.js';
import { emptyData } from '../../store/data.js';
import { clockView, type ClockView } from './clock.js';

/** Back to the freshly seeded state: empty store, the clock at its start (clockStart or real time), histories anchored on that day. */
export function resetSandbox(ctx: SandboxContext): Promise<ClockView> {
  return ctx.bank.transact((uow) => {
    const before = { offsetMs: ctx.clock.offsetMs, data: ctx.store.data };
    let restoreWorld = () => {};
    uow.change(
      () => {
        ctx.clock.reset();
        const anchor = isoDate(ctx.clock.now());
        const fresh = emptyData(anchor);
        fresh.clockOffsetMs = ctx.clock.offsetMs;
        ctx.store.replace(fresh);
        restoreWorld = ctx.world.restart(anchor);
      },
      () => {
        ctx.clock.restore(before.offsetMs);
        ctx.store.replace(before.data);
        restoreWorld();
      },
    );
    const at = ctx.clock.now().toISOString();
    uow.afterCommit(() => ctx.events.emit('reset', { at }));
    return clockView(ctx);
  });
}
