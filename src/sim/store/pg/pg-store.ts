/**
 * The store over PostgreSQL (--data postgresql://…), shared by several sandbox processes behind one
 * address. Nothing read is kept between calls: every read outside a unit of work asks the database,
 * so no process answers with what another has changed since.
 *
 * A unit of work is one transaction that begins by locking the sandbox's row (`FOR UPDATE`): units
 * of work of every process then run one after the other, exactly as one process's queue runs them,
 * so the interface's rules that hinge on "the one before" (one payment per idempotency key, the
 * fourth and last unattended access, supersession, what falls due) hold across processes as they do
 * in one. Reads inside it see the database as the lock found it plus the work's own changes, which
 * are staged here and written at the commit in a few statements; the bookings generation moves
 * with every commit that changed bookings.
 */
import { indexesOf, type Kind, type RecordKinds } from '../kinds.js';
import type { BookingRecord } from '../data.js';
import type { SandboxState, SharedFacts, SharedLog, Store, StoreTransaction } from '../records.js';
import { StoreUnavailableError } from '../records.js';
import { indexInserts, indexRows, prepareDatabase } from './pg-schema.js';
import { openSyncPg, type QueryResult, type Statement, type SyncPg } from './pg-sync.js';
import { describeDatabase } from './pg-url.js';

const REMOVED = Symbol('removed');
/** Events the log keeps: more than the request journal's default and the client judge's memory need. */
export const LOG_KEPT = 20_000;
/**
 * Generations of booking changes kept: a process further behind than this (idle while others
 * booked) reads its ledgers again, as it does after a reset.
 */
export const BOOKINGS_CHANGES_KEPT = 256;
type Staged = Map<string, unknown>;

interface OpenTransaction {
  state: SandboxState;
  stateChanged: boolean;
  /** Changes by kind: the record put, or REMOVED. */
  changes: Map<Kind, Staged>;
  /** A reset: nothing committed before is read any more. */
  cleared: boolean;
  booked: boolean;
  /** What the unit of work read, by statement. */
  reads: Map<string, QueryResult>;
}

/** node-postgres parses a `json` column itself: a record is the value as read (an object, a string, a number). */
const parse = <T>(body: unknown) => body as T;

/** The world of a sandbox that has one (`--worlds shared`, the default). */
export const SHARED_WORLD = 'shared';

/** One PostgreSQL database holding the worlds of a sandbox, on one connection pool. */
export interface PgDatabase {
  /** The store of one world, its row made at its first use. Closing it leaves the database open. */
  store(world: string, fresh: () => SandboxState): Store;
  /** The worlds the database holds, `shared` aside. */
  worlds(): string[];
  /** The world holding a record of this kind and key, if one does. */
  worldHolding(kind: Kind, key: string): string | undefined;
  /** Every row of the world goes, in one transaction. */
  drop(world: string): void;
  /** A provider of the world called at `nowMs` (host time). */
  touch(world: string, nowMs: number): void;
  /** Counts a control call of the world in `minute` (host time in minutes); answers the calls of that minute so far. */
  controlCall(world: string, minute: number, nowMs: number): number;
  /** The worlds no provider called since `beforeMs` (host time). */
  idleSince(beforeMs: number): string[];
  close(): void;
}

export function openPgDatabase(url: string, fresh: () => SandboxState, world = SHARED_WORLD): PgDatabase {
  const where = describeDatabase(url);
  const db = openSyncPg(url);
  try {
    prepareDatabase(db, where, world, fresh);
  } catch (error) {
    db.close();
    if (error instanceof StoreUnavailableError)
      throw new StoreUnavailableError(`Cannot reach the database ${where}: ${reason(error.message)}`);
    throw error;
  }
  return {
    store: (name, freshOf) => pgStore(db, where, name, freshOf, () => undefined),
    worlds: () =>
      db
        .query({ sql: 'SELECT world FROM xs2a_sandbox WHERE world <> $1 ORDER BY world', params: [SHARED_WORLD] })
        .rows.map((row) => String(row.world)),
    worldHolding: (kind, key) => {
      const row = db.query({
        sql: 'SELECT world FROM xs2a_records WHERE kind = $1 AND key = $2 LIMIT 1',
        params: [kind, key],
      }).rows[0];
      return row === undefined ? undefined : String(row.world);
    },
    drop(name) {
      const tables = [
        'xs2a_records',
        'xs2a_index',
        'xs2a_order',
        'xs2a_events',
        'xs2a_activity',
        'xs2a_bookings_changes',
        'xs2a_sandbox',
      ];
      try {
        db.begin({ sql: 'SELECT 1 FROM xs2a_sandbox WHERE world = $1 FOR UPDATE', params: [name] });
        db.commit(...tables.map((table) => ({ sql: `DELETE FROM ${table} WHERE world = $1`, params: [name] })));
      } catch (error) {
        db.rollback();
        throw error;
      }
    },
    touch: (name, nowMs) =>
      void db.query({
        sql: `INSERT INTO xs2a_activity (world, last_active_ms) VALUES ($1, $2)
              ON CONFLICT (world) DO UPDATE SET last_active_ms = GREATEST(xs2a_activity.last_active_ms, EXCLUDED.last_active_ms)`,
        params: [name, nowMs],
      }),
    controlCall: (name, minute, nowMs) =>
      // One statement: two processes counting at once each see the other's call. A process whose
      // clock is behind counts into the later minute another process already opened.
      Number(
        db.query({
          sql: `INSERT INTO xs2a_activity (world, last_active_ms, minute, control_calls) VALUES ($1, $3, $2, 1)
                ON CONFLICT (world) DO UPDATE SET
                  control_calls = CASE WHEN xs2a_activity.minute >= $2 THEN xs2a_activity.control_calls + 1 ELSE 1 END,
                  minute = GREATEST(xs2a_activity.minute, $2),
                  last_active_ms = GREATEST(xs2a_activity.last_active_ms, $3)
                RETURNING control_calls`,
          params: [name, minute, nowMs],
        }).rows[0]!.control_calls,
      ),
    idleSince: (beforeMs) =>
      db
        .query({
          sql: 'SELECT world FROM xs2a_activity WHERE last_active_ms < $1 AND world <> $2 ORDER BY world',
          params: [beforeMs, SHARED_WORLD],
        })
        .rows.map((row) => String(row.world)),
    close: () => db.close(),
  };
}

export function openPgStore(url: string, options: { fresh: () => SandboxState; world?: string }): Store {
  const world = options.world ?? SHARED_WORLD;
  const database = openPgDatabase(url, options.fresh, world);
  return { ...database.store(world, options.fresh), close: () => database.close() };
}

/** The driver's reason without the "The database … cannot be reached:" the bridge put before it. */
function reason(message: string): string {
  return message.replace(/^The database \S+ (cannot be reached: )?/, '');
}

export function pgStore(db: SyncPg, where: string, world: string, fresh: () => SandboxState, close: () => void): Store {
  /** A statement of this world: `$W` stands for the world, given as the parameter after the others. */
  const q = (sql: string, params: unknown[] = []): Statement => ({
    sql: sql.replaceAll('$W', `$${params.length + 1}`),
    params: [...params, world],
  });
  let tx: OpenTransaction | undefined;
  /** The bookings generation this process's ledger index was built at, or has followed to. */
  let knownGeneration: number | undefined;
  let bookingsChanged: SharedFacts['bookingsChanged'];

  /**
   * A read: outside a unit of work from the database each time; inside one, each distinct statement
   * once (nothing else writes the world's records while its unit of work holds the lock, and the
   * work's own changes are laid over what is read).
   */
  const read = (...statements: Statement[]) => {
    if (!tx) return db.query(...statements);
    const key = JSON.stringify(statements);
    let result = tx.reads.get(key);
    if (!result) tx.reads.set(key, (result = db.tx(...statements)));
    return result;
  };
  const staged = (kind: Kind): Staged | undefined => tx?.changes.get(kind);

  /**
   * Notes the bookings generation read now and answers what other processes booked since the one
   * known: the bookings the log of changes names, as stored now (read by `run`: inside the unit of
   * work, under its lock, or on their own), or `all` when the log cannot say.
   */
  function noteGeneration(generation: number, run: SyncPg['query']): SharedFacts['bookingsChanged'] {
    const known = knownGeneration;
    knownGeneration = generation;
    if (known === undefined || generation === known) return undefined;
    // Behind: the world was ended and started again.
    if (generation < known) return 'all';
    const entries = run(
      q(
        'SELECT keys FROM xs2a_bookings_changes WHERE world = $W AND generation > $1 AND generation <= $2 ORDER BY generation',
        [known, generation],
      ),
    ).rows;
    // A generation without an entry (pruned, or written by a release without the log) or a reset's.
    if (entries.length !== generation - known || entries.some((entry) => !Array.isArray(entry.keys))) return 'all';
    const keys = [...new Set(entries.flatMap((entry) => entry.keys as string[]))];
    const rows = run(
      q('SELECT body FROM xs2a_records WHERE world = $W AND kind = $1 AND key = ANY($2::text[])', ['bookings', keys]),
    ).rows;
    // Only a reset removes a booking, and a reset's entry says all: anything else missing is not followed.
    if (rows.length !== keys.length) return 'all';
    return rows.map((row) => parse<BookingRecord>(row.body));
  }

  /** The world's row as `select` reads it; a world ended meanwhile (its row gone) gets a fresh one first. */
  function sandboxRow(select: () => QueryResult): Record<string, unknown> {
    const found = select().rows[0];
    if (found) return found;
    db.query(
      q('INSERT INTO xs2a_sandbox (world, state) VALUES ($W, $1::json) ON CONFLICT (world) DO NOTHING', [
        JSON.stringify(fresh()),
      ]),
    );
    return db.query(q('SELECT state, bookings_generation, faults FROM xs2a_sandbox WHERE world = $W')).rows[0]!;
  }

  /** The fault rules as this process last read them: at the last catching up, or its own last change. */
  let faults: unknown = null;

  function committedFacts(): SharedFacts {
    const row = sandboxRow(() =>
      db.query(q('SELECT state, bookings_generation, faults FROM xs2a_sandbox WHERE world = $W')),
    );
    faults = row.faults;
    return {
      state: parse(row.state),
      bookingsChanged: noteGeneration(Number(row.bookings_generation), (...statements) => db.query(...statements)),
    };
  }

  /** Changes the fault rules under the sandbox's lock: in the open unit of work, or in a transaction of its own. */
  function updateFaults(change: (current: unknown) => unknown): unknown {
    const select = q('SELECT faults FROM xs2a_sandbox WHERE world = $W FOR UPDATE');
    const write = (next: unknown) =>
      q('UPDATE xs2a_sandbox SET faults = $1::json WHERE world = $W', [JSON.stringify(next ?? null)]);
    if (tx) {
      const next = change(db.tx(select).rows[0]!.faults);
      db.tx(write(next));
      return (faults = next);
    }
    try {
      const next = change(db.begin(select).rows[0]!.faults);
      db.commit(write(next));
      return (faults = next);
    } catch (error) {
      db.rollback();
      throw error;
    }
  }

  /** What an index holds for the staged records of a kind, and the keys whose stored rows they replace. */
  function stagedMatches<K extends Kind>(kind: K, name: string, keep: (value: string | number) => boolean) {
    const plan = indexesOf(kind).find((candidate) => candidate.name === name)!;
    const matches: [string, RecordKinds[K], string | number][] = [];
    for (const [key, record] of staged(kind) ?? []) {
      if (record === REMOVED) continue;
      const value = plan.derive(record);
      if (value !== undefined && keep(value)) matches.push([key, record as RecordKinds[K], value]);
    }
    return matches;
  }

  const isStaged = (kind: Kind, key: string) => staged(kind)?.has(key) ?? false;

  function get<K extends Kind>(kind: K, key: string): RecordKinds[K] | undefined {
    const change = staged(kind)?.get(key);
    if (change !== undefined) return change === REMOVED ? undefined : (change as RecordKinds[K]);
    if (tx?.cleared) return undefined;
    const row = read(q('SELECT body FROM xs2a_records WHERE world = $W AND kind = $1 AND key = $2', [kind, key]))
      .rows[0];
    return row === undefined ? undefined : parse(row.body);
  }

  function getMany<K extends Kind>(kind: K, keys: readonly string[]): (RecordKinds[K] | undefined)[] {
    const wanted = [...new Set(keys.filter((key) => !isStaged(kind, key)))].sort();
    const stored = new Map<string, unknown>();
    if (wanted.length > 0 && !tx?.cleared)
      for (const row of read(
        q('SELECT key, body FROM xs2a_records WHERE world = $W AND kind = $1 AND key = ANY($2::text[])', [
          kind,
          wanted,
        ]),
      ).rows)
        stored.set(String(row.key), row.body);
    return keys.map((key) => {
      const change = staged(kind)?.get(key);
      if (change !== undefined) return change === REMOVED ? undefined : (change as RecordKinds[K]);
      return stored.has(key) ? parse<RecordKinds[K]>(stored.get(key)) : undefined;
    });
  }

  function find<K extends Kind>(kind: K, index: string, value: string): RecordKinds[K][] {
    const stored = tx?.cleared
      ? []
      : read(
          q(
            `SELECT r.key, r.body FROM xs2a_index i
             JOIN xs2a_records r ON r.world = i.world AND r.kind = i.kind AND r.key = i.key
             WHERE i.world = $W AND i.kind = $1 AND i.name = $2 AND i.value = $3`,
            [kind, index, value],
          ),
        ).rows.filter((row) => !isStaged(kind, String(row.key)));
    return [
      ...stored.map((row) => parse(row.body) as RecordKinds[K]),
      ...stagedMatches(kind, index, (derived) => derived === value).map(([, record]) => record),
    ];
  }

  function upTo<K extends Kind>(kind: K, index: string, max: number): [string, RecordKinds[K]][] {
    const stored: [string, RecordKinds[K], number][] = tx?.cleared
      ? []
      : read(
          q(
            `SELECT o.key, o.value, r.body FROM xs2a_order o
             JOIN xs2a_records r ON r.world = o.world AND r.kind = o.kind AND r.key = o.key
             WHERE o.world = $W AND o.kind = $1 AND o.name = $2 AND o.value <= $3 ORDER BY o.value, o.key`,
            [kind, index, max],
          ),
        )
          .rows.filter((row) => !isStaged(kind, String(row.key)))
          .map((row) => [String(row.key), parse(row.body), Number(row.value)]);
    const mine = stagedMatches(kind, index, (derived) => (derived as number) <= max) as [
      string,
      RecordKinds[K],
      number,
    ][];
    if (mine.length === 0) return stored.map(([key, record]) => [key, record]);
    return [...stored, ...mine]
      .sort((a, b) => a[2] - b[2] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
      .map(([key, record]) => [key, record]);
  }

  function earliest(kind: Kind, index: string): number | undefined {
    const own = staged(kind);
    // At most as many stored rows as there are staged records can be hidden by them.
    const stored = tx?.cleared
      ? []
      : read(
          q(
            'SELECT key, value FROM xs2a_order WHERE world = $W AND kind = $1 AND name = $2 ORDER BY value, key LIMIT $3',
            [kind, index, (own?.size ?? 0) + 1],
          ),
        )
          .rows.filter((row) => !isStaged(kind, String(row.key)))
          .map((row) => Number(row.value));
    const values = [...stored, ...stagedMatches(kind, index, () => true).map(([, , value]) => value as number)];
    return values.length === 0 ? undefined : Math.min(...values);
  }

  function all<K extends Kind>(kind: K): RecordKinds[K][] {
    const own = staged(kind);
    const stored = tx?.cleared
      ? []
      : read(q('SELECT key, body FROM xs2a_records WHERE world = $W AND kind = $1 ORDER BY seq', [kind])).rows;
    const list: RecordKinds[K][] = [];
    const seen = new Set<string>();
    for (const row of stored) {
      const key = String(row.key);
      seen.add(key);
      const change = own?.get(key);
      if (change === REMOVED) continue;
      list.push((change ?? parse(row.body)) as RecordKinds[K]);
    }
    for (const [key, change] of own ?? [])
      if (!seen.has(key) && change !== REMOVED) list.push(change as RecordKinds[K]);
    return list;
  }

  function commitStatements(open: OpenTransaction): Statement[] {
    const statements: Statement[] = [];
    if (open.cleared)
      statements.push(
        q('DELETE FROM xs2a_records WHERE world = $W'),
        q('DELETE FROM xs2a_index WHERE world = $W'),
        q('DELETE FROM xs2a_order WHERE world = $W'),
      );
    const written: { kind: string; key: string; body: unknown }[] = [];
    const rows: ReturnType<typeof indexRows>[] = [];
    for (const [kind, changes] of open.changes) {
      for (const [key, change] of changes) {
        if (change === REMOVED) continue;
        written.push({ kind, key, body: change });
        rows.push(indexRows(kind, key, change));
      }
    }
    if (!open.cleared) {
      // By kind, with `key = ANY`: the (world, kind, key) indexes find the rows; a join with the
      // keys as JSON was planned as a scan of every row of the world.
      for (const [kind, changes] of open.changes) {
        const keys = [...changes.keys()];
        const plans = indexesOf(kind);
        const which = 'world = $W AND kind = $1 AND key = ANY($2::text[])';
        if (plans.some((plan) => !plan.ordered))
          statements.push(q(`DELETE FROM xs2a_index WHERE ${which}`, [kind, keys]));
        if (plans.some((plan) => plan.ordered))
          statements.push(q(`DELETE FROM xs2a_order WHERE ${which}`, [kind, keys]));
        const removed = keys.filter((key) => changes.get(key) === REMOVED);
        if (removed.length > 0) statements.push(q(`DELETE FROM xs2a_records WHERE ${which}`, [kind, removed]));
      }
    }
    if (written.length > 0)
      statements.push(
        q(
          `INSERT INTO xs2a_records (world, kind, key, body)
           SELECT $W, r->>'kind', r->>'key', r->'body' FROM json_array_elements($1::json) r
           ON CONFLICT (world, kind, key) DO UPDATE SET body = excluded.body`,
          [JSON.stringify(written)],
        ),
      );
    statements.push(...indexInserts(world, rows));
    if (open.booked) {
      // What the others follow: the bookings this commit wrote, or none to follow after a reset.
      const generation = knownGeneration! + 1;
      const bookings = open.changes.get('bookings');
      const keys =
        open.cleared || [...(bookings?.values() ?? [])].includes(REMOVED) ? null : [...(bookings?.keys() ?? [])];
      statements.push(
        q(
          `INSERT INTO xs2a_bookings_changes (world, generation, keys) VALUES ($W, $1, $2::json)
           ON CONFLICT (world, generation) DO UPDATE SET keys = excluded.keys`,
          [generation, JSON.stringify(keys)],
        ),
        q('DELETE FROM xs2a_bookings_changes WHERE world = $W AND generation <= $1', [
          generation - BOOKINGS_CHANGES_KEPT,
        ]),
      );
    }
    if (open.stateChanged || open.booked)
      statements.push(
        q('UPDATE xs2a_sandbox SET state = $1::json, bookings_generation = bookings_generation + $2 WHERE world = $W', [
          JSON.stringify(open.state),
          open.booked ? 1 : 0,
        ]),
      );
    return statements;
  }

  function begin(): StoreTransaction {
    if (tx) throw new Error('A store transaction is already open.');
    // The sandbox's row, locked: every unit of work of every process waits here for the one before.
    let row = db.begin(q('SELECT state, bookings_generation FROM xs2a_sandbox WHERE world = $W FOR UPDATE')).rows[0];
    if (!row) {
      // The world was ended (the operator deleted it) since this process last looked: it starts afresh.
      db.rollback();
      sandboxRow(() => ({ rows: [], rowCount: 0 }));
      row = db.begin(q('SELECT state, bookings_generation FROM xs2a_sandbox WHERE world = $W FOR UPDATE')).rows[0]!;
    }
    bookingsChanged = noteGeneration(Number(row.bookings_generation), (...statements) => db.tx(...statements));
    const open: OpenTransaction = {
      state: parse(row.state),
      stateChanged: false,
      changes: new Map(),
      cleared: false,
      booked: false,
      reads: new Map(),
    };
    tx = open;
    const stage = (kind: Kind, key: string, change: unknown) => {
      let changes = open.changes.get(kind);
      if (!changes) open.changes.set(kind, (changes = new Map()));
      changes.set(key, change);
      if (kind === 'bookings') open.booked = true;
    };
    const end = () => {
      tx = undefined;
    };
    return {
      put: (kind, key, record) => stage(kind, key, record),
      remove: (kind, key) => stage(kind, key, REMOVED),
      setState(next) {
        open.state = next;
        open.stateChanged = true;
      },
      clear(next) {
        open.changes = new Map();
        open.reads.clear();
        open.cleared = true;
        open.booked = true;
        open.state = next;
        open.stateChanged = true;
      },
      commit() {
        try {
          db.commit(...commitStatements(open));
        } finally {
          end();
        }
        if (open.booked) knownGeneration = (knownGeneration ?? 0) + 1;
        return undefined;
      },
      rollback() {
        if (tx !== open) return;
        end();
        db.rollback();
      },
    };
  }

  /**
   * Events published and not yet written: the events of one request (its changes, then its exchange)
   * go in one statement, written once the request's synchronous work is done or before any read of
   * the log. Written outside every unit of work, so none holds the lock for them.
   */
  let pending: [string, string][] = [];
  let appended = 0;
  const flush = () => {
    if (pending.length === 0) return;
    const events = JSON.stringify(pending);
    appended += pending.length;
    pending = [];
    db.query(
      q(
        `INSERT INTO xs2a_events (world, name, body)
         SELECT $W, r->>0, (r->>1)::json FROM json_array_elements($1::json) WITH ORDINALITY AS e(r, n) ORDER BY n`,
        [events],
      ),
    );
    // Now and then the oldest go: a process reads from where it was, a new one from the oldest kept.
    if (appended >= 500) {
      appended = 0;
      db.query(
        q(
          'DELETE FROM xs2a_events WHERE world = $W AND seq <= (SELECT max(seq) FROM xs2a_events WHERE world = $W) - $1',
          [LOG_KEPT],
        ),
      );
    }
  };
  const log: SharedLog = {
    append(name, body) {
      if (pending.length === 0)
        setImmediate(() => {
          try {
            flush();
          } catch {
            // The database went away: these events are lost to the journal and the judge, as the
            // requests that made them were answered 503 or are retried.
          }
        });
      pending.push([name, JSON.stringify(body)]);
    },
    since(seq, limit) {
      flush();
      return db
        .query(
          q('SELECT seq, name, body FROM xs2a_events WHERE world = $W AND seq > $1 ORDER BY seq LIMIT $2', [
            seq,
            limit,
          ]),
        )
        .rows.map((row) => ({ seq: Number(row.seq), name: String(row.name), body: row.body }));
    },
  };

  return {
    file: where,
    log,
    shared: true,
    sharedFaults: { read: () => faults, update: updateFaults },
    sync: () => (tx ? { state: tx.state, bookingsChanged } : committedFacts()),
    get,
    getMany,
    find: find as Store['find'],
    upTo: upTo as Store['upTo'],
    earliest: earliest as Store['earliest'],
    all,
    count: () => Number(read(q('SELECT count(*) AS n FROM xs2a_records WHERE world = $W')).rows[0]!.n),
    state: () =>
      tx ? tx.state : parse(sandboxRow(() => db.query(q('SELECT state FROM xs2a_sandbox WHERE world = $W'))).state),
    begin,
    close,
  };
}
