/**
 * The store over a data file (--data): records are read from SQLite when asked for, never all held
 * in memory, so memory and the cost of a write do not grow with what the file holds. A unit of
 * work's changes go into one SQLite transaction, begun at its first change and committed by the
 * bank: only the records it changed are written, atomically. better-sqlite3 is synchronous, so a
 * commit is no promise and the unit of work stays synchronous. Any failure of the engine while
 * writing is a StoreWriteError, and the transaction is rolled back whole.
 */
import type { Database } from 'better-sqlite3';
import { indexesOf, KINDS, type IndexPlan, type Kind } from './kinds.js';
import { StoreWriteError, type SandboxState, type Store, type StoreTransaction } from './records.js';

const PLANS = Object.fromEntries(KINDS.map((kind) => [kind, indexesOf(kind)])) as Record<Kind, IndexPlan[]>;

const failed = (error: unknown) =>
  new StoreWriteError(`The store could not be written: ${error instanceof Error ? error.message : String(error)}`);

function statements(db: Database) {
  const joined = 'FROM record_index i JOIN records r ON r.kind = i.kind AND r.key = i.key';
  return {
    get: db.prepare<[string, string], string>('SELECT body FROM records WHERE kind = ? AND key = ?').pluck(),
    put: db.prepare(
      'INSERT INTO records (kind, key, body) VALUES (?, ?, ?) ON CONFLICT (kind, key) DO UPDATE SET body = excluded.body',
    ),
    remove: db.prepare('DELETE FROM records WHERE kind = ? AND key = ?'),
    unindex: db.prepare('DELETE FROM record_index WHERE kind = ? AND key = ?'),
    index: db.prepare('INSERT INTO record_index (kind, name, value, key) VALUES (?, ?, ?, ?)'),
    find: db
      .prepare<[string, string, string], string>(
        `SELECT r.body ${joined} WHERE i.kind = ? AND i.name = ? AND i.value = ?`,
      )
      .pluck(),
    upTo: db
      .prepare<[string, string, number], [string, string]>(
        `SELECT i.key, r.body ${joined} WHERE i.kind = ? AND i.name = ? AND i.value <= ? ORDER BY i.value, i.key`,
      )
      .raw(),
    earliest: db
      .prepare<[string, string], number>(
        'SELECT value FROM record_index WHERE kind = ? AND name = ? ORDER BY value LIMIT 1',
      )
      .pluck(),
    all: db.prepare<[string], string>('SELECT body FROM records WHERE kind = ? ORDER BY rowid').pluck(),
    count: db.prepare<[], number>('SELECT count(*) FROM records').pluck(),
    state: db.prepare('UPDATE sandbox SET state = ? WHERE id = 1'),
    begin: db.prepare('BEGIN'),
    commit: db.prepare('COMMIT'),
    rollback: db.prepare('ROLLBACK'),
  };
}

/** A record's index rows: those it had go, those it derives now are written. */
function writeIndex(q: ReturnType<typeof statements>, kind: Kind, key: string, record: unknown): void {
  const plans = PLANS[kind];
  if (plans.length === 0) return;
  q.unindex.run(kind, key);
  for (const plan of plans) {
    const value = plan.derive(record);
    if (value !== undefined) q.index.run(kind, plan.name, value, key);
  }
}

function writeRecord(q: ReturnType<typeof statements>, kind: Kind, key: string, record: unknown): void {
  q.put.run(kind, key, JSON.stringify(record));
  writeIndex(q, kind, key, record);
}

/** Writes a record and its index rows, in the caller's transaction (a migration, a reindex). */
export function recordWriter(db: Database): (kind: Kind, key: string, record: unknown) => void {
  const q = statements(db);
  return (kind, key, record) => writeRecord(q, kind, key, record);
}

/** Rebuilds every index row from the records (a release that changed what an index derives). */
export function reindex(db: Database): void {
  const q = statements(db);
  const rows = db.prepare<[string], [string, string]>('SELECT key, body FROM records WHERE kind = ?').raw();
  db.transaction(() => {
    db.exec('DELETE FROM record_index');
    for (const kind of KINDS) {
      if (PLANS[kind].length === 0) continue;
      for (const [key, body] of rows.all(kind)) writeIndex(q, kind, key, JSON.parse(body));
    }
  })();
}

export function sqliteStore(db: Database, file: string, initial: SandboxState): Store {
  const q = statements(db);
  let state = initial;
  let open = false;
  const parse = (body: string | undefined) => (body === undefined ? undefined : JSON.parse(body));

  function begin(): StoreTransaction {
    if (open) throw new Error('A store transaction is already open.');
    open = true;
    const before = state;
    let begun = false;
    /** Runs a change inside the transaction, begun at the first one. */
    const write = (change: () => void) => {
      try {
        if (!begun) {
          q.begin.run();
          begun = true;
        }
        change();
      } catch (error) {
        throw failed(error);
      }
    };
    const end = () => {
      open = false;
      if (db.inTransaction) q.rollback.run();
      state = before;
    };
    return {
      put: (kind, key, record) => write(() => writeRecord(q, kind, key, record)),
      remove: (kind, key) =>
        write(() => {
          q.remove.run(kind, key);
          q.unindex.run(kind, key);
        }),
      setState(next) {
        write(() => q.state.run(JSON.stringify(next)));
        state = next;
      },
      clear(next) {
        write(() => {
          db.exec('DELETE FROM records; DELETE FROM record_index');
          q.state.run(JSON.stringify(next));
        });
        state = next;
      },
      commit() {
        if (!begun) {
          open = false;
          return undefined;
        }
        try {
          q.commit.run();
        } catch (error) {
          // A failed commit may leave the transaction open, or the engine may have rolled it back.
          end();
          throw failed(error);
        }
        open = false;
        return undefined;
      },
      rollback: end,
    };
  }

  return {
    file,
    shared: false,
    sharedFaults: undefined,
    log: undefined,
    sync: () => ({ state, bookingsChanged: undefined }),
    get: (kind, key) => parse(q.get.get(kind, key)),
    // In-process: one statement per key costs what a statement over every key would.
    getMany: (kind, keys) => keys.map((key) => parse(q.get.get(kind, key))),
    find: (kind, index, value) => q.find.all(kind, index, value).map((body) => JSON.parse(body)),
    upTo: (kind, index, max) => q.upTo.all(kind, index, max).map(([key, body]) => [key, JSON.parse(body)]),
    earliest: (kind, index) => q.earliest.get(kind, index),
    all: (kind) => q.all.all(kind).map((body) => JSON.parse(body)),
    count: () => q.count.get()!,
    state: () => state,
    begin,
    close: () => db.close(),
  };
}
