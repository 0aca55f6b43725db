import { describe, expect, it } from 'vitest';
import { emptyData, type BookingRecord, type StoreData } from '../store/data.js';
import type { Store } from '../store/store.js';
import { createBank, StoreWriteError } from './bank.js';
import type { LedgerIndex } from './unit-of-work.js';

function memoryStore(write: () => Promise<void> = async () => {}): Store {
  let data = emptyData('2026-03-01');
  return {
    get data() {
      return data;
    },
    file: 'test.json',
    write,
    replace(next: StoreData) {
      data = next;
    },
  };
}

function recordingLedgers() {
  const calls: string[] = [];
  const index: LedgerIndex = {
    add: (record) => void calls.push(`add ${record.seq}`),
    remove: (record) => void calls.push(`remove ${record.seq}`),
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

describe('the bank', () => {
  it('applies a unit of work, writes once, then runs its effects', async () => {
    const order: string[] = [];
    const store = memoryStore(async () => void order.push(`write ${Object.keys(store.data.registerDecisions).join()}`));
    const bank = createBank({ store, ledgers: () => recordingLedgers().index, log: () => {} });
    const answer = await bank.transact((uow) => {
      uow.put('registerDecisions', 'A', decision);
      uow.afterCommit(() => order.push('effect'));
      return 'done';
    });
    expect(answer).toBe('done');
    expect(order).toEqual(['write A', 'effect']);
  });

  it('writes nothing for a unit of work that changed nothing', async () => {
    let writes = 0;
    const bank = createBank({
      store: memoryStore(async () => void (writes += 1)),
      ledgers: () => recordingLedgers().index,
      log: () => {},
    });
    await bank.transact(() => 'read only');
    expect(writes).toBe(0);
  });

  it('undoes everything a throwing unit of work staged, newest first, and runs none of its effects', async () => {
    const store = memoryStore();
    store.data.usage['k'] = 1;
    store.data.sms.push({ psuId: 'anna', code: '1', authorisationId: 'a0', sentAt: '2026-03-01T00:00:00.000Z' });
    const kept = booking(1);
    store.data.bookings.push(kept);
    const ledgers = recordingLedgers();
    const bank = createBank({ store, ledgers: () => ledgers.index, log: () => {} });
    const before = JSON.stringify(store.data);
    let effects = 0;
    await expect(
      bank.transact((uow) => {
        uow.put('usage', 'k', 2);
        uow.put('usage', 'new', 1);
        uow.remove('usage', 'k');
        uow.add('sms', { psuId: 'ben', code: '2', authorisationId: 'a1', sentAt: '2026-03-01T00:00:00.000Z' }, 'first');
        uow.book(booking(2));
        uow.unbook(kept, '2026-03-01T01:00:00.000Z');
        uow.afterCommit(() => (effects += 1));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(JSON.stringify(store.data)).toBe(before);
    expect(kept.removedAt).toBeUndefined();
    expect(effects).toBe(0);
    // The ledger index of a touched account is dropped, to be rebuilt from the restored store.
    expect(ledgers.calls).toEqual(['add 2', 'remove 1', 'forget DE12123456780000100001']);
  });

  it('undoes a unit of work whose write fails, and answers StoreWriteError', async () => {
    const store = memoryStore(async () => {
      throw new Error('ENOSPC: no space left on device');
    });
    const bank = createBank({ store, ledgers: () => recordingLedgers().index, log: () => {} });
    let effects = 0;
    await expect(
      bank.transact((uow) => {
        uow.put('registerDecisions', 'A', decision);
        uow.afterCommit(() => (effects += 1));
      }),
    ).rejects.toThrow(StoreWriteError);
    expect(store.data.registerDecisions).toEqual({});
    expect(effects).toBe(0);
  });

  it('runs units of work one at a time, each on the written state of the one before', async () => {
    let release: () => void = () => {};
    const writes: Promise<void>[] = [new Promise((resolve) => (release = resolve))];
    const store = memoryStore(() => writes.shift() ?? Promise.resolve());
    const bank = createBank({ store, ledgers: () => recordingLedgers().index, log: () => {} });
    const seen: number[] = [];
    const bump = () =>
      bank.transact((uow) => {
        const count = uow.data.usage['count'] ?? 0;
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
    expect(store.data.usage['count']).toBe(2);
  });

  it('keeps going after a unit of work failed, and logs an effect that throws without failing the change', async () => {
    const logs: string[] = [];
    const store = memoryStore();
    const bank = createBank({ store, ledgers: () => recordingLedgers().index, log: (line) => logs.push(line) });
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
    expect(store.data.registerDecisions).toHaveProperty('B');
    expect(logs.join()).toMatch(/listener broke/);
  });

  it('applies what falls due at the start and at the end of every unit of work, in its one write; catchUp works only when something is due', async () => {
    let writes = 0;
    const store = memoryStore(async () => void (writes += 1));
    // "Due" is a flag the work itself can raise, as a clock move makes a settlement due.
    let due = true;
    const seen: string[] = [];
    const bank = createBank({
      store,
      ledgers: () => recordingLedgers().index,
      log: () => {},
      due: {
        any: () => due,
        apply: (uow) => {
          if (!due) return;
          due = false;
          uow.put('registerDecisions', `due-${Object.keys(uow.data.registerDecisions).length}`, decision);
        },
      },
    });
    await bank.transact((uow) => {
      seen.push(Object.keys(uow.data.registerDecisions).join());
      due = true;
    });
    expect(seen).toEqual(['due-0']);
    expect(Object.keys(store.data.registerDecisions)).toEqual(['due-0', 'due-1']);
    expect(writes).toBe(1);
    expect(bank.catchUp()).toBeUndefined();
    due = true;
    await bank.catchUp();
    expect(Object.keys(store.data.registerDecisions)).toEqual(['due-0', 'due-1', 'due-2']);
    expect(writes).toBe(2);
  });

  it('undoes what fell due together with a work that throws', async () => {
    const store = memoryStore();
    let due = true;
    const bank = createBank({
      store,
      ledgers: () => recordingLedgers().index,
      log: () => {},
      due: { any: () => due, apply: (uow) => void (due && uow.put('registerDecisions', 'due', decision)) },
    });
    await expect(
      bank.transact(() => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(store.data.registerDecisions).toEqual({});
    due = false;
  });
});
