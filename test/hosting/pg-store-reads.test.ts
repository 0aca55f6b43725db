/**
 * The PostgreSQL store's reads of several keys at once (Store.getMany): what was committed, laid
 * under the open unit of work's own puts and removals, in the order asked, in one statement.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPgStore } from '../../src/sim/store/pg/pg-store.js';
import type { Store } from '../../src/sim/store/records.js';
import { freshState } from '../../src/sim/store/state.js';
import { createDatabase, type TestDatabase } from '../helpers/postgres.js';
import { storedConsent } from '../helpers/store-records.js';

let db: TestDatabase;
let store: Store;

beforeAll(async () => {
  db = await createDatabase('store_reads');
  store = openPgStore(db.url, { fresh: () => freshState('2026-03-01') });
});

afterAll(async () => {
  store?.close();
  await db?.drop();
});

const consent = (consentId: string, psuId = 'ben') => storedConsent(consentId, { psuId });

/** What JSON keeps of a record: a stored record comes back without its undefined fields. */
const stored = (record: unknown) => JSON.parse(JSON.stringify(record)) as unknown;

it('reads several keys at once in the order asked: undefined where none, the open unit of work seen', () => {
  expect(store.getMany('consents', [])).toEqual([]);
  const first = store.begin();
  first.put('consents', 'c1', consent('c1'));
  first.put('consents', 'c2', consent('c2'));
  first.put('usage', 'c3', 3);
  first.commit();
  expect(store.getMany('consents', ['c2', 'c3', 'c1', 'c2'])).toEqual(
    [consent('c2'), undefined, consent('c1'), consent('c2')].map((record) => record && stored(record)),
  );

  const tx = store.begin();
  tx.remove('consents', 'c1');
  tx.put('consents', 'c3', consent('c3', 'anna'));
  expect(store.getMany('consents', ['c1', 'c2', 'c3'])).toEqual([
    undefined,
    stored(consent('c2')),
    consent('c3', 'anna'),
  ]);
  tx.clear(freshState('2026-03-01'));
  expect(store.getMany('consents', ['c2', 'c3'])).toEqual([undefined, undefined]);
  tx.rollback();
  expect(store.getMany('consents', ['c3', 'c1'])).toEqual([undefined, stored(consent('c1'))]);
  // Another kind under the same key is another record.
  expect(store.getMany('usage', ['c3', 'c1'])).toEqual([3, undefined]);
});
