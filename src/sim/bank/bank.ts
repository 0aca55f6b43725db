/**
 * The bank: the one writer of the store. Every change runs as a unit of work, one at a time, so no
 * work ever decides on another's unwritten changes (two payments with one idempotency key, two
 * spends of the last access). A unit of work is synchronous: it reads, decides and stages its
 * changes in one store transaction without waiting; the bank then commits it (only the records it
 * changed, atomically) and only after the commit succeeded lets its effects (events, callback
 * dispatch) happen. A work that throws, or a commit that fails, is undone completely: memory and
 * the data file are as they were, and a retry cannot meet half of a failed request.
 *
 * What falls due with time (a settlement, a payee check left unanswered) is applied here and only
 * here: at the start of every unit of work (so it decides on the state time has made) and at its end
 * (the work may have moved the clock), inside the same unit of work and the same write.
 */
import { XsError } from '../../contract/index.js';
import { StoreConflictError, StoreWriteError, type Store } from '../store/records.js';
import { UnitOfWork, type LedgerIndex } from './unit-of-work.js';

export { StoreWriteError } from '../store/records.js';

export interface Bank {
  /** Runs `work` after every unit of work before it, writes what it changed, then runs its effects. */
  transact<T>(work: (uow: UnitOfWork) => T): Promise<T>;
  /** Applies what has fallen due in a unit of work of its own; undefined (no promise) when nothing has. */
  catchUp(): Promise<void> | undefined;
  /** Resolves once every unit of work asked for so far has finished, whatever its outcome. */
  settled(): Promise<void>;
}

/** What time makes due: a cheap check, and the changes, made inside a unit of work. */
export interface DueWork {
  any(): boolean;
  apply(uow: UnitOfWork): void;
}

/**
 * How often a unit of work runs again after a conflict with another process (a shared store): the
 * work is a decision over what it read, so running it again over what is there now is safe.
 */
export const CONFLICT_ATTEMPTS = 5;

/** The refusal of a work beyond the records quota: 403 as the worlds quota, since no retry can help until a reset. */
function recordsQuota(max: number): XsError {
  return new XsError('ROLE_INVALID', {
    status: 403,
    text: `This sandbox holds its most records (${max}, its max-records quota): nothing more can be made until it is reset (POST /sandbox/reset).`,
  });
}

export function createBank(deps: {
  store: Store;
  ledgers: () => LedgerIndex;
  log: (message: string) => void;
  due?: DueWork;
  /** What the unit of work catches up with once its transaction began (a shared store: the clock, the ledger index). */
  sync?: () => void;
  /**
   * The most records the store may hold (`--max-records`): a work that would hold more is refused
   * whole, naming the quota, and nothing of it is kept.
   */
  maxRecords?: number | undefined;
}): Bank {
  let tail: Promise<unknown> = Promise.resolve();
  /** Units of work asked for and not yet finished. */
  let queued = 0;
  const finished = () => {
    queued -= 1;
  };

  async function run<T>(work: (uow: UnitOfWork) => T): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await once(work);
      } catch (error) {
        if (!(error instanceof StoreConflictError) || attempt >= CONFLICT_ATTEMPTS) throw error;
        // Another process got there first; wait a moment, more each time, then decide again.
        await new Promise((resolve) => setTimeout(resolve, attempt * 5 + Math.random() * 10));
      }
    }
  }

  async function once<T>(work: (uow: UnitOfWork) => T): Promise<T> {
    const uow = new UnitOfWork(deps.store, deps.ledgers, deps.maxRecords !== undefined);
    let result: T;
    try {
      deps.sync?.();
      // Counted under the unit of work's lock, before any change: every process sees the same number.
      const held = deps.maxRecords === undefined ? 0 : deps.store.count();
      deps.due?.apply(uow);
      result = work(uow);
      deps.due?.apply(uow);
      if (deps.maxRecords !== undefined && uow.addsRecords && uow.recordsAfter(held) > deps.maxRecords)
        throw recordsQuota(deps.maxRecords);
    } catch (error) {
      uow.rollback();
      throw error;
    }
    try {
      // In memory and in SQLite no promise: nothing between the work and its commit awaits.
      const committing = uow.commit();
      if (committing) await committing;
    } catch (error) {
      uow.rollback();
      throw error instanceof StoreWriteError
        ? error
        : new StoreWriteError(
            `The store could not be written: ${error instanceof Error ? error.message : String(error)}`,
          );
    }
    // The change is written; a failing listener must not turn it into a failed request.
    uow.runEffects((error) =>
      deps.log(`after a change: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
    );
    return result;
  }

  function transact<T>(work: (uow: UnitOfWork) => T): Promise<T> {
    queued += 1;
    // With none before it, the work runs at once (its answer still comes as a promise); otherwise
    // after the last one asked for. Counted first, so a work that asks for another queues it.
    const next = queued === 1 ? run(work) : tail.then(() => run(work));
    tail = next.then(finished, finished);
    return next;
  }

  return {
    transact,
    catchUp: () => (deps.due?.any() ? transact(() => undefined) : undefined),
    settled: () => tail.then(() => undefined),
  };
}
