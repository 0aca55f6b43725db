/**
 * The bank: the one writer of the store. Every change runs as a unit of work, one at a time, so no
 * work ever decides on another's unwritten changes (two payments with one idempotency key, two
 * spends of the last access). A unit of work is synchronous: it reads, decides and stages its
 * changes without waiting; the bank then writes the store once and only after the write succeeded
 * lets its effects (events, callback dispatch) happen. A work that throws, or a write that fails,
 * is undone completely: memory is as it was, and a retry cannot meet half of a failed request.
 *
 * What falls due with time (a settlement, a payee check left unanswered) is applied here and only
 * here: at the start of every unit of work (so it decides on the state time has made) and at its end
 * (the work may have moved the clock), inside the same unit of work and the same write.
 */
import type { Store } from '../store/store.js';
import { UnitOfWork, type LedgerIndex } from './unit-of-work.js';

export interface Bank {
  /** Runs `work` after every unit of work before it, writes what it changed, then runs its effects. */
  transact<T>(work: (uow: UnitOfWork) => T): Promise<T>;
  /** Applies what has fallen due in a unit of work of its own; undefined (no promise) when nothing has. */
  catchUp(): Promise<void> | undefined;
}

/** What time makes due: a cheap check, and the changes, made inside a unit of work. */
export interface DueWork {
  any(): boolean;
  apply(uow: UnitOfWork): void;
}

/** The store could not be written; the request answers 500 and nothing of it stays. */
export class StoreWriteError extends Error {}

export function createBank(deps: {
  store: Store;
  ledgers: () => LedgerIndex;
  log: (message: string) => void;
  due?: DueWork;
}): Bank {
  let tail: Promise<unknown> = Promise.resolve();
  /** Units of work asked for and not yet finished. */
  let queued = 0;
  const finished = () => {
    queued -= 1;
  };

  async function run<T>(work: (uow: UnitOfWork) => T): Promise<T> {
    const uow = new UnitOfWork(deps.store.data, deps.ledgers());
    let result: T;
    try {
      deps.due?.apply(uow);
      result = work(uow);
      deps.due?.apply(uow);
    } catch (error) {
      uow.rollback();
      throw error;
    }
    if (uow.changed) {
      try {
        const writing = deps.store.write();
        if (writing) await writing;
      } catch (error) {
        uow.rollback();
        throw new StoreWriteError(
          `The store could not be written: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
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
  };
}
