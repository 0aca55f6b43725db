/**
 * The sandbox clock as the control API and `sandbox.clock` move it: forward only, by an ISO 8601
 * duration or to an instant, in a unit of work of the bank (what the move made due is applied in
 * it, and the offset is kept with --data).
 */
import { XsError } from '../../../contract/index.js';
import { ClockError } from '../../clock.js';
import type { SandboxContext } from '../../context.js';
import { parseDuration } from '../../duration.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type ControlClockContext = Pick<SandboxContext, 'clock' | 'events' | 'bank'>;

export interface ClockView {
  now: string;
  offsetMs: number;
}

export function clockView(ctx: Pick<ControlClockContext, 'clock'>): ClockView {
  return { now: ctx.clock.now().toISOString(), offsetMs: ctx.clock.offsetMs };
}

export type ClockMove = { advance: string | number } | { set: string | Date };

export function moveClock(ctx: ControlClockContext, move: ClockMove): Promise<ClockView> {
  return ctx.bank.transact((uow) => {
    const field = 'advance' in move ? 'advance' : 'set';
    const from = ctx.clock.now();
    const before = { offsetMs: ctx.clock.offsetMs };
    try {
      if ('advance' in move) {
        const ms = typeof move.advance === 'number' ? move.advance : parseDuration(move.advance);
        if (ms === undefined) {
          throw new ClockError(
            'advance is an ISO 8601 duration in weeks, days, hours, minutes or seconds, e.g. "PT1H" or "P181D".',
          );
        }
        uow.change(
          () => ctx.clock.advance(ms),
          () => ctx.clock.restore(before.offsetMs),
        );
      } else {
        const at = move.set instanceof Date ? move.set : new Date(move.set);
        if (typeof move.set === 'string' && Number.isNaN(Date.parse(move.set)))
          throw new ClockError('set is an ISO 8601 date-time.');
        uow.change(
          () => ctx.clock.set(at),
          () => ctx.clock.restore(before.offsetMs),
        );
      }
    } catch (error) {
      if (error instanceof ClockError) throw new XsError('FORMAT_ERROR', { path: field, text: error.message });
      throw error;
    }
    uow.setState({ clockOffsetMs: ctx.clock.offsetMs });
    // Settlements and unanswered payee checks the move made due land in the ledgers before anyone
    // reads: the bank applies them at the end of this unit of work.
    const to = ctx.clock.now().toISOString();
    uow.afterCommit(() => ctx.events.emit('clock-changed', { from: from.toISOString(), to }));
    return clockView(ctx);
  });
}
