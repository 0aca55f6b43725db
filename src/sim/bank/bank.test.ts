import { describe, expect, it } from 'vitest';
import type { BookingRecord } from '../store/data.js';
import { memoryStore } from '../store/memory-store.js';
import { StoreConflictError, StoreUnavailableError, StoreWriteError, type Store } from '../store/records.js';
import { freshState } from '../store/state.js';
import { CONFLICT_ATTEMPTS, createBank } from './bank.js';
import type { LedgerIndex } from './unit-of-work.js';

/** The in-memory store, each commit first passing `commit` (which may fail it or make it wait). */
function store(commit: () => Promise<void> | undefined = () => undefined): Store & { commits: number } {
  const inner = memoryStore(freshState('2026-03-01'));
  const wrapped = {
    ...inner,
    commits: 0,
    begin() {
      const tx = inner.begin();
      return {
        ...tx,
        commit() {
          wrapped.commits += 1;
          const waiting = commit();
          if (!waiting) return tx.commit();
          return waiting.then(() => tx.commit());
        },
      };
    },
  };
  return wrapped;
}

function recordingLedgers() {
  const calls: string[] = [];
  const index: LedgerIndex = {
    add: (record) => void calls.push(`add ${record.seq}`),
    remove: (record) => void calls.push(`remove ${record.seq}${record.removedAt ? ' marked' : ''}`),
    forget: (iban) => void calls.push(`forget ${iban}`),
  };
  return { index, calls };
}

const booking = (seq: number): BookingRecord => ({
  iban: 'DE12123456780000100001',
  seq,
  transactionId: `t${seq}`,
  amountCents: -100,
  status: 'pending',
  bookingDate: undefined,
  valueDate: '2026-03-01',
  creditorName: undefined,
  debtorName: undefined,
  remittanceInformationUnstructured: 'x',
  createdAt: '2026-03-01T00:00:00.000Z',
});

const decision = { authorised: false, decidedAt: '2026-03-01T00:00:00.000Z' };
/** Everything a store holds, for comparing before and after. */
const contents = (s: Store) => ({
  state: s.state(),
  usage: s.all('usage'),
  sms: s.all('sms'),
  bookings: s.all('bookings'),
  decisions: s.all('registerDecisions'),
  pending: s.find('bookings', 'account', 'DE12123456780000100001'),
});

describe('the bank', () => {
  it('applies a unit of work, commits once, then runs its effects', async () => {
    const order: string[] = [];
    const s = store(() => void order.push(`commit ${s.all('registerDecisions').length}`));
    const bank = createBank({ store: s, ledgers: () => recordingLedgers().index, log: () => {} });
    const answer = await bank.transact((uow) => {
      uow.put('registerDecisions', 'A', decision);
      uow.afterCommit(() => order.push('effect'));
      return 'done';
    });
    expect(answer).toBe('done');
    expect(order).toEqual(['commit 1', 'effect']);
    expect(s.get('registerDecisions', 'A')).toEqual(decision);
  });

  it('undoes everything a throwing unit of work staged, and runs none of its effects', async () => {
    const s = store();
    const ledgers = recordingLedgers();
    const bank = createBank({ store: s, ledgers: () => ledgers.index, log: () => {} });
    const kept = booking(1);
    await bank.transact((uow) => {
      uow.put('usage', 'k', 1);
      uow.put('sms', 'a0/0', { psuId: 'anna', code: '1', authorisationId: 'a0', sentAt: '2026-03-01T00:00:00.000Z' });
      uow.book(kept);
    });
    const before = contents(s);
    ledgers.calls.length = 0;
    let effects = 0;
    let offset = 0;
    await expect(
      bank.transact((uow) => {
        uow.put('usage', 'k', 2);
        uow.put('usage', 'new', 1);
        uow.remove('usage', 'k');
        uow.put('sms', 'a1/0', { psuId: 'ben', code: '2', authorisationId: 'a1', sentAt: '2026-03-01T00:00:00.000Z' });
        uow.book(booking(2));
        uow.unbook(kept, '2026-03-01T01:00:00.000Z');
        uow.setState({ clockOffsetMs: 5 });
        uow.change(
          () => (offset = 5),
          () => (offset = 0),
        );
        uow.afterCommit(() => (effects += 1));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(contents(s)).toEqual(before);
    expect(offset).toBe(0);
    expect(effects).toBe(0);
    // The ledger index of a touched account is dropped, to be rebuilt from the restored store.
    expect(ledgers.calls).toEqual(['add 2', 'remove 1 marked', 'forget DE12123456780000100001']);
  });

  it('undoes a unit of work whose commit fails, and answers StoreWriteError', async () => {
    const s = store(() => {
      throw new Error('SQLITE_FULL: database or disk is full');
    });
    const bank = createBank({ store: s, ledgers: () => recordingLedgers().index, log: () => {} });
    let effects = 0;
    const failed = bank.transact((uow) => {
      uow.put('registerDecisions', 'A', decision);
      uow.afterCommit(() => (effects += 1));
    });
    await expect(failed).rejects.toThrow(StoreWriteError);
    await expect(failed).rejects.toThrow(/could not be written: SQLITE_FULL/);
    expect(s.all('registerDecisions')).toEqual([]);
    expect(effects).toBe(0);
  });

  it('runs units of work one at a time, each on the committed state of the one before', async () => {
    let release: () => void = () => {};
    const waits: Promise<void>[] = [new Promise((resolve) => (release = resolve))];
    const s = store(() => waits.shift());
    const bank = createBank({ store: s, ledgers: () => recordingLedgers().index, log: () => {} });
    const seen: number[] = [];
    const bump = () =>
      bank.transact((uow) => {
        const count = s.get('usage', 'count') ?? 0;
        seen.push(count);
        uow.put('usage', 'count', count + 1);
      });
    const first = bump();
    const second = bump();
    await Promise.resolve();
    expect(seen).toEqual([0]);
    release();
    await Promise.all([first, second]);
    expect(seen).toEqual([0, 1]);
    expect(s.get('usage', 'count')).toBe(2);
    await bank.settled();
    expect(s.commits).toBe(2);
  });

  it('keeps going after a unit of work failed, and logs an effect that throws without failing the change', async () => {
    const logs: string[] = [];
    const s = store();
    const bank = createBank({ store: s, ledgers: () => recordingLedgers().index, log: (line) => logs.push(line) });
    await expect(
      bank.transact(() => {
        throw new Error('x');
      }),
    ).rejects.toThrow('x');
    await bank.transact((uow) => {
      uow.put('registerDecisions', 'B', decision);
      uow.afterCommit(() => {
        throw new Error('listener broke');
      });
    });
    expect(s.get('registerDecisions', 'B')).toEqual(decision);
    expect(logs.join()).toMatch(/listener broke/);
  });

  it('applies what falls due at the start and at the end of every unit of work, in its one commit; catchUp works only when something is due', async () => {
    const s = store();
    // "Due" is a flag the work itself can raise, as a clock move makes a settlement due.
    let due = true;
    const seen: string[] = [];
    const names = () => s.all('registerDecisions').map((_, i) => `due-${i}`);
    const bank = createBank({
      store: s,
      ledgers: () => recordingLedgers().index,
      log: () => {},
      due: {
        any: () => due,
        apply: (uow) => {
          if (!due) return;
          due = false;
          uow.put('registerDecisions', `due-${s.all('registerDecisions').length}`, decision);
        },
      },
    });
    await bank.transact(() => {
      seen.push(names().join());
      due = true;
    });
    expect(seen).toEqual(['due-0']);
    expect(names()).toEqual(['due-0', 'due-1']);
    expect(s.commits).toBe(1);
    expect(bank.catchUp()).toBeUndefined();
    due = true;
    await bank.catchUp();
    expect(names()).toEqual(['due-0', 'due-1', 'due-2']);
    expect(s.commits).toBe(2);
  });

  it('undoes what fell due together with a work that throws', async () => {
    const s = store();
    const bank = createBank({
      store: s,
      ledgers: () => recordingLedgers().index,
      log: () => {},
      due: { any: () => true, apply: (uow) => uow.put('registerDecisions', 'due', decision) },
    });
    await expect(
      bank.transact(() => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(s.all('registerDecisions')).toEqual([]);
  });

  it('runs a unit of work again after a conflict with another process, and commits it once', async () => {
    let conflicts = 2;
    const s = store(() => {
      if (conflicts-- > 0) throw new StoreConflictError('40001: could not serialize access');
      return undefined;
    });
    const runs: number[] = [];
    const synced: number[] = [];
    const bank = createBank({
      store: s,
      ledgers: () => recordingLedgers().index,
      log: () => {},
      sync: () => void synced.push(synced.length),
    });
    const answer = await bank.transact((uow) => {
      runs.push(runs.length);
      uow.put('registerDecisions', `run-${runs.length}`, decision);
      return runs.length;
    });
    expect(answer).toBe(3);
    expect(s.commits).toBe(3);
    expect(synced).toHaveLength(3);
    expect(s.all('registerDecisions')).toEqual([decision]);
    expect(s.get('registerDecisions', 'run-3')).toEqual(decision);
  });

  it('gives up after CONFLICT_ATTEMPTS conflicts: the write fails and nothing of it is kept', async () => {
    const s = store(() => {
      throw new StoreConflictError('40P01: deadlock detected');
    });
    const before = contents(s);
    const bank = createBank({ store: s, ledgers: () => recordingLedgers().index, log: () => {} });
    let runs = 0;
    const failed = bank.transact((uow) => {
      runs += 1;
      uow.put('registerDecisions', 'never', decision);
      uow.setState({ clockOffsetMs: 5 });
    });
    await expect(failed).rejects.toBeInstanceOf(StoreWriteError);
    expect(runs).toBe(CONFLICT_ATTEMPTS);
    expect(contents(s)).toEqual(before);
  });

  it('does not run a work again for a failure that is no conflict', async () => {
    const s = store(() => {
      throw new StoreUnavailableError('The database cannot be reached');
    });
    const bank = createBank({ store: s, ledgers: () => recordingLedgers().index, log: () => {} });
    let runs = 0;
    await expect(bank.transact(() => void (runs += 1))).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(runs).toBe(1);
  });
});
