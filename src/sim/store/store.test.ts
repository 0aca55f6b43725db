import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { storedConsent } from '../../../test/helpers/store-records.js';
import type { ConsentRecord, DeliveryRecord } from './data.js';
import type { Store } from './records.js';
import { openStore } from './store.js';

const log = () => undefined;
const stores: [string, () => Store][] = [
  ['in memory', () => openStore({ seedAnchor: '2026-03-01', log })],
  [
    'in a data file',
    () =>
      openStore({ file: join(mkdtempSync(join(tmpdir(), 'xs2a-store-')), 'data.db'), seedAnchor: '2026-03-01', log }),
  ],
];

const consent = storedConsent;

const delivery = (eventId: string, nextAttemptAt: string | undefined): DeliveryRecord => ({
  eventId,
  tpp: 'PSDDE-BAFIN-1',
  consentId: 'c1',
  url: 'https://tpp.example/hook',
  body: '{}',
  attempts: [],
  outcome: nextAttemptAt ? 'pending' : 'failed',
  ...(nextAttemptAt ? { nextAttemptAt } : {}),
});

/** Runs `change` in one committed transaction. */
function commit(store: Store, change: (tx: ReturnType<Store['begin']>) => void): void {
  const tx = store.begin();
  change(tx);
  expect(tx.commit()).toBeUndefined();
}

describe.each(stores)('a store %s', (_where, open) => {
  it('finds a record by kind and key, and answers undefined for an unknown key or another kind', () => {
    const store = open();
    commit(store, (tx) => tx.put('consents', 'c1', consent('c1')));
    expect(store.get('consents', 'c1')).toEqual(consent('c1'));
    expect(store.get('consents', 'c2')).toBeUndefined();
    expect(store.get('payments', 'c1')).toBeUndefined();
    store.close();
  });

  it('reads several keys at once in the order asked: undefined where none, the open transaction seen', () => {
    const store = open();
    expect(store.getMany('consents', [])).toEqual([]);
    commit(store, (tx) => {
      tx.put('consents', 'c1', consent('c1'));
      tx.put('consents', 'c2', consent('c2'));
      tx.put('usage', 'c3', 3);
    });
    expect(store.getMany('consents', ['c2', 'c3', 'c1', 'c2'])).toEqual([
      consent('c2'),
      undefined,
      consent('c1'),
      consent('c2'),
    ]);
    const tx = store.begin();
    tx.remove('consents', 'c1');
    tx.put('consents', 'c3', consent('c3', { psuId: 'anna' }));
    expect(store.getMany('consents', ['c1', 'c2', 'c3'])).toEqual([
      undefined,
      consent('c2'),
      consent('c3', { psuId: 'anna' }),
    ]);
    tx.clear({ ...store.state() });
    expect(store.getMany('consents', ['c2', 'c3'])).toEqual([undefined, undefined]);
    tx.rollback();
    expect(store.getMany('consents', ['c3', 'c1'])).toEqual([undefined, consent('c1')]);
    store.close();
  });

  it('lets a transaction read its own changes, and takes them all back on rollback', () => {
    const store = open();
    commit(store, (tx) => tx.put('usage', 'k', 1));
    const tx = store.begin();
    tx.put('usage', 'k', 2);
    tx.put('consents', 'c1', consent('c1', { psuId: 'anna' }));
    tx.remove('usage', 'k');
    tx.setState({ ...store.state(), clockOffsetMs: 7 });
    expect(store.get('usage', 'k')).toBeUndefined();
    expect(store.find('consents', 'customer', 'anna')).toHaveLength(1);
    expect(store.state().clockOffsetMs).toBe(7);
    tx.rollback();
    expect(store.get('usage', 'k')).toBe(1);
    expect(store.get('consents', 'c1')).toBeUndefined();
    expect(store.find('consents', 'customer', 'anna')).toEqual([]);
    expect(store.state().clockOffsetMs).toBe(0);
    store.close();
  });

  it('keeps an equality index in step with every put: a record leaves the value it no longer derives', () => {
    const store = open();
    commit(store, (tx) => {
      tx.put('consents', 'c1', consent('c1', { psuId: 'anna', status: 'valid' }));
      tx.put('consents', 'c2', consent('c2', { psuId: 'anna', status: 'valid', recurringIndicator: false }));
      tx.put('consents', 'c3', consent('c3', { psuId: 'ben', status: 'valid' }));
    });
    const ids = (records: ConsentRecord[]) => records.map((record) => record.consentId).sort();
    expect(ids(store.find('consents', 'customer', 'anna'))).toEqual(['c1', 'c2']);
    expect(ids(store.find('consents', 'liveRecurring', 'PSDDE-BAFIN-1|ais|anna'))).toEqual(['c1']);
    commit(store, (tx) => tx.put('consents', 'c1', consent('c1', { psuId: 'anna', status: 'terminatedByTpp' })));
    expect(ids(store.find('consents', 'liveRecurring', 'PSDDE-BAFIN-1|ais|anna'))).toEqual([]);
    expect(ids(store.find('consents', 'customer', 'anna'))).toEqual(['c1', 'c2']);
    commit(store, (tx) => tx.remove('consents', 'c2'));
    expect(ids(store.find('consents', 'customer', 'anna'))).toEqual(['c1']);
    store.close();
  });

  it('answers an ordered index lowest first up to a bound, equal values by key, and its earliest value', () => {
    const store = open();
    expect(store.earliest('deliveries', 'due')).toBeUndefined();
    commit(store, (tx) => {
      tx.put('deliveries', 'e3', delivery('e3', '2026-03-01T12:00:00.000Z'));
      tx.put('deliveries', 'e2', delivery('e2', '2026-03-01T11:00:00.000Z'));
      tx.put('deliveries', 'e1', delivery('e1', '2026-03-01T11:00:00.000Z'));
      tx.put('deliveries', 'e0', delivery('e0', undefined));
    });
    expect(store.earliest('deliveries', 'due')).toBe(Date.parse('2026-03-01T11:00:00.000Z'));
    const upTo = (at: string) => store.upTo('deliveries', 'due', Date.parse(at)).map(([key]) => key);
    expect(upTo('2026-03-01T10:59:59.999Z')).toEqual([]);
    expect(upTo('2026-03-01T11:00:00.000Z')).toEqual(['e1', 'e2']);
    expect(upTo('2026-03-01T12:00:00.000Z')).toEqual(['e1', 'e2', 'e3']);
    commit(store, (tx) => tx.put('deliveries', 'e1', delivery('e1', undefined)));
    expect(upTo('2026-03-01T12:00:00.000Z')).toEqual(['e2', 'e3']);
    expect(store.upTo('deliveries', 'due', Infinity)[0]![1]).toEqual(delivery('e2', '2026-03-01T11:00:00.000Z'));
    store.close();
  });

  it('lists a kind in the order its records were first stored, a replaced record keeping its place', () => {
    const store = open();
    commit(store, (tx) => {
      tx.put('usage', 'b', 1);
      tx.put('usage', 'a', 2);
    });
    commit(store, (tx) => tx.put('usage', 'b', 3));
    expect(store.all('usage')).toEqual([3, 2]);
    store.close();
  });

  it('clears every record and sets the state in one transaction, which a rollback takes back whole', () => {
    const store = open();
    commit(store, (tx) => tx.put('consents', 'c1', consent('c1', { psuId: 'anna' })));
    const fresh = { clockOffsetMs: 0, seedAnchor: '2026-04-01', callbackKey: 'f'.repeat(64) };
    const tx = store.begin();
    tx.clear(fresh);
    expect(store.all('consents')).toEqual([]);
    expect(store.find('consents', 'customer', 'anna')).toEqual([]);
    expect(store.state()).toEqual(fresh);
    tx.rollback();
    expect(store.all('consents')).toHaveLength(1);
    expect(store.find('consents', 'customer', 'anna')).toHaveLength(1);
    commit(store, (again) => again.clear(fresh));
    expect(store.all('consents')).toEqual([]);
    expect(store.state()).toEqual(fresh);
    store.close();
  });

  it('opens one transaction at a time', () => {
    const store = open();
    const tx = store.begin();
    expect(() => store.begin()).toThrow(/already open/);
    tx.commit();
    store.begin().rollback();
    store.close();
  });
});

describe('a store in a data file', () => {
  it('keeps its records, indexes and state across a restart', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'xs2a-store-')), 'data.db');
    const first = openStore({ file, seedAnchor: '2026-03-01', log });
    commit(first, (tx) => {
      tx.put('consents', 'c1', consent('c1', { psuId: 'anna' }));
      tx.put('deliveries', 'e1', delivery('e1', '2026-03-01T11:00:00.000Z'));
      tx.setState({ ...first.state(), clockOffsetMs: 42 });
    });
    const key = first.state().callbackKey;
    first.close();
    const again = openStore({ file, seedAnchor: '2026-04-01', log });
    expect(again.state()).toEqual({ clockOffsetMs: 42, seedAnchor: '2026-03-01', callbackKey: key });
    expect(again.get('consents', 'c1')).toEqual(consent('c1', { psuId: 'anna' }));
    expect(again.find('consents', 'customer', 'anna')).toHaveLength(1);
    expect(again.earliest('deliveries', 'due')).toBe(Date.parse('2026-03-01T11:00:00.000Z'));
    again.close();
  });

  it('writes nothing for a transaction that only read', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'xs2a-store-')), 'data.db');
    const store = openStore({ file, seedAnchor: '2026-03-01', log });
    commit(store, (tx) => tx.put('usage', 'k', 1));
    const wal = statSync(`${file}-wal`).size;
    const tx = store.begin();
    expect(store.get('usage', 'k')).toBe(1);
    tx.commit();
    expect(statSync(`${file}-wal`).size).toBe(wal);
    store.close();
  });
});
