/**
 * The database's layout (--data postgresql://…): the tables, the row that marks the database as
 * xs2a-kit's and names its schema version, and the one check every start makes before anything is
 * written. Several processes may start at once: the check and the creation run in one transaction
 * under an advisory lock, so exactly one lays the tables out and the others find them.
 *
 * - `xs2a_kit_schema`: the application's name, the schema version (a newer one is refused: an
 *   older xs2a-kit must not write a layout it does not know) and the digest of the index functions
 *   (a release that changes what an index derives rebuilds the index rows at its first start).
 * Every row carries its world (`world`): the sandbox of one set of providers, with its own records,
 * clock and faults; a sandbox of one world (`--worlds shared`, the default) has the world `shared`.
 *
 * - `xs2a_sandbox`: one row per world: the sandbox's facts (the clock's offset: one clock for every process), the
 *   bookings generation (how often bookings changed: a process rebuilds its ledger index when it moved)
 *   and the fault rules with their counts (a count rule fires N times in all, not N per process).
 * - `xs2a_records`: records as JSON by kind and key (`json`, not `jsonb`: a record reads back with
 *   its members in the order they were written, as in memory); `seq` orders a kind's list.
 * - `xs2a_index`, `xs2a_order`: one row per equality and ordered index value a record derives.
 * - `xs2a_events`: what every process publishes for the others' request journal and client judge
 *   (feed.ts), the newest of them (LOG_KEPT in pg-store.ts).
 * - `xs2a_activity` (version 2): per world, when a provider of it last called (host time, for the
 *   operator's idle expiry) and its control calls in the current minute (the control-rate quota),
 *   counted by every process as one.
 * - `xs2a_bookings_changes` (version 3): per world and bookings generation, the keys of the bookings
 *   that commit wrote (null for a reset), the newest of them (BOOKINGS_CHANGES_KEPT in pg-store.ts):
 *   a process whose ledger index is a few generations behind follows those bookings instead of
 *   reading every booking of every account again.
 */
import type { SandboxState } from '../records.js';
import { INDEX_DIGEST } from '../sqlite-schema.js';
import { indexesOf, KINDS } from '../kinds.js';
import { SandboxStateSchema } from '../state.js';
import type { SyncPg } from './pg-sync.js';

export const PG_APPLICATION = 'xs2a-kit';
export const PG_SCHEMA_VERSION = 3;
/** The advisory lock the start-up check holds ("xs2a"): one process lays the tables out. */
const START_LOCK = 0x78733261;

/** Added by version 2. */
const ACTIVITY = `
CREATE TABLE xs2a_activity (
  world text PRIMARY KEY,
  last_active_ms bigint NOT NULL,
  minute bigint NOT NULL DEFAULT 0,
  control_calls integer NOT NULL DEFAULT 0
);
`;

/** Added by version 3. */
const BOOKINGS_CHANGES = `
CREATE TABLE xs2a_bookings_changes (
  world text NOT NULL,
  generation bigint NOT NULL,
  keys json,
  PRIMARY KEY (world, generation)
);
`;

const TABLES = `
CREATE TABLE xs2a_kit_schema (
  id integer PRIMARY KEY CHECK (id = 1),
  application text NOT NULL,
  version integer NOT NULL,
  index_digest text NOT NULL
);
CREATE TABLE xs2a_sandbox (
  world text PRIMARY KEY,
  state json NOT NULL,
  bookings_generation bigint NOT NULL DEFAULT 0,
  faults json
);
CREATE TABLE xs2a_records (
  world text NOT NULL,
  kind text NOT NULL,
  key text NOT NULL,
  seq bigserial NOT NULL,
  body json NOT NULL,
  PRIMARY KEY (world, kind, key)
);
CREATE INDEX xs2a_records_by_seq ON xs2a_records (world, kind, seq);
CREATE TABLE xs2a_index (
  world text NOT NULL,
  kind text NOT NULL,
  name text NOT NULL,
  value text NOT NULL,
  key text NOT NULL,
  PRIMARY KEY (world, kind, name, value, key)
);
CREATE INDEX xs2a_index_by_key ON xs2a_index (world, kind, key);
CREATE TABLE xs2a_order (
  world text NOT NULL,
  kind text NOT NULL,
  name text NOT NULL,
  value double precision NOT NULL,
  key text NOT NULL,
  PRIMARY KEY (world, kind, name, value, key)
);
CREATE INDEX xs2a_order_by_key ON xs2a_order (world, kind, key);
CREATE TABLE xs2a_events (
  seq bigserial PRIMARY KEY,
  world text NOT NULL,
  name text NOT NULL,
  body json NOT NULL
);
CREATE INDEX xs2a_events_by_world ON xs2a_events (world, seq);
${ACTIVITY}${BOOKINGS_CHANGES}`;

/** A database this release will not run on; nothing was written to it. */
export class DatabaseRefusedError extends Error {}

/** The index rows a record derives: equality ones for xs2a_index, ordered ones for xs2a_order. */
export function indexRows(
  kind: string,
  key: string,
  record: unknown,
): { equality: [string, string, string, string][]; ordered: [string, string, number, string][] } {
  const equality: [string, string, string, string][] = [];
  const ordered: [string, string, number, string][] = [];
  for (const plan of indexesOf(kind as (typeof KINDS)[number])) {
    const value = plan.derive(record);
    if (value === undefined) continue;
    if (plan.ordered) ordered.push([kind, plan.name, value as number, key]);
    else equality.push([kind, plan.name, value as string, key]);
  }
  return { equality, ordered };
}

/** Statements that write index rows given as JSON arrays (one parameter each, whatever their number). */
export function indexInserts(
  world: string,
  rows: ReturnType<typeof indexRows>[],
): { sql: string; params: unknown[] }[] {
  const equality = rows.flatMap((row) => row.equality);
  const ordered = rows.flatMap((row) => row.ordered);
  const statements: { sql: string; params: unknown[] }[] = [];
  if (equality.length > 0)
    statements.push({
      sql: `INSERT INTO xs2a_index (world, kind, name, value, key)
            SELECT $2, r->>0, r->>1, r->>2, r->>3 FROM json_array_elements($1::json) r`,
      params: [JSON.stringify(equality), world],
    });
  if (ordered.length > 0)
    statements.push({
      sql: `INSERT INTO xs2a_order (world, kind, name, value, key)
            SELECT $2, r->>0, r->>1, (r->>2)::double precision, r->>3 FROM json_array_elements($1::json) r`,
      params: [JSON.stringify(ordered), world],
    });
  return statements;
}

function refused(problem: string): DatabaseRefusedError {
  return new DatabaseRefusedError(`${problem}. Nothing was written to it.`);
}

/**
 * Checks the database and lays it out when it is empty, in one transaction under the start lock;
 * answers the sandbox's facts as stored. A database of another application, a schema of a newer
 * xs2a-kit or a damaged one is refused (DatabaseRefusedError) and the transaction rolled back.
 */
export function prepareDatabase(db: SyncPg, where: string, world: string, fresh: () => SandboxState): SandboxState {
  db.begin({ sql: 'SELECT pg_advisory_xact_lock($1)', params: [START_LOCK] });
  try {
    const marked = db.tx({ sql: "SELECT to_regclass('xs2a_kit_schema') IS NOT NULL AS marked" }).rows[0]!.marked;
    if (!marked) {
      const tables = db.tx({
        sql: `SELECT table_name FROM information_schema.tables
              WHERE table_schema = current_schema() ORDER BY table_name`,
      }).rows;
      if (tables.length > 0)
        throw refused(
          `The database ${where} holds ${tables.length} table(s) of another application (${String(tables[0]!.table_name)}) and no xs2a-kit schema: give xs2a-kit a database of its own`,
        );
      db.tx({ sql: TABLES });
      db.tx({
        sql: 'INSERT INTO xs2a_kit_schema (id, application, version, index_digest) VALUES (1, $1, $2, $3)',
        params: [PG_APPLICATION, PG_SCHEMA_VERSION, INDEX_DIGEST],
      });
    } else {
      const mark = db.tx({ sql: 'SELECT application, version, index_digest FROM xs2a_kit_schema WHERE id = 1' })
        .rows[0];
      if (!mark || mark.application !== PG_APPLICATION)
        throw refused(`The database ${where} has a table xs2a_kit_schema that does not name xs2a-kit`);
      const version = Number(mark.version);
      if (version > PG_SCHEMA_VERSION)
        throw refused(
          `The database ${where} holds schema version ${version} of a newer xs2a-kit (this one runs version ${PG_SCHEMA_VERSION}); upgrade xs2a-kit`,
        );
      if (version === 1) upgradeFromVersion1(db);
      if (version === 1 || version === 2) upgradeFromVersion2(db);
      else if (version !== PG_SCHEMA_VERSION)
        throw refused(
          `The database ${where} holds schema version ${version}, which no xs2a-kit release knows (this one runs version ${PG_SCHEMA_VERSION})`,
        );
      if (mark.index_digest !== INDEX_DIGEST) reindex(db);
    }
    // The world's row, laid out at its first start.
    db.tx({
      sql: 'INSERT INTO xs2a_sandbox (world, state) VALUES ($1, $2::json) ON CONFLICT (world) DO NOTHING',
      params: [world, JSON.stringify(fresh())],
    });
    const row = db.tx({ sql: 'SELECT state FROM xs2a_sandbox WHERE world = $1', params: [world] }).rows[0];
    const parsed = SandboxStateSchema.safeParse(row?.state);
    if (!parsed.success)
      throw refused(
        `The database ${where} has no valid sandbox row (xs2a_sandbox, world ${world}): its schema is damaged`,
      );
    db.commit();
    return parsed.data;
  } catch (error) {
    db.rollback();
    throw error;
  }
}

/**
 * Version 1 to 2: the activity table, every world held counted as active now (so none is taken for
 * idle the moment an expiry is set).
 */
function upgradeFromVersion1(db: SyncPg): void {
  db.tx({ sql: ACTIVITY });
  db.tx({
    sql: 'INSERT INTO xs2a_activity (world, last_active_ms) SELECT world, $1 FROM xs2a_sandbox',
    params: [Date.now()],
  });
  db.tx({ sql: 'UPDATE xs2a_kit_schema SET version = 2 WHERE id = 1' });
}

/**
 * Version 2 to 3: the log of booking changes, empty. A process of the older release still running
 * writes no entry for its commits: a process that finds a generation without one reads its ledgers
 * again, as every process did before, so the two releases side by side stay right.
 */
function upgradeFromVersion2(db: SyncPg): void {
  db.tx({ sql: BOOKINGS_CHANGES });
  db.tx({ sql: 'UPDATE xs2a_kit_schema SET version = 3 WHERE id = 1' });
}

/** Rebuilds every index row from the records (a release that changed what an index derives). */
function reindex(db: SyncPg): void {
  db.tx({ sql: 'DELETE FROM xs2a_index' }, { sql: 'DELETE FROM xs2a_order' });
  for (const kind of KINDS) {
    if (indexesOf(kind).length === 0) continue;
    const rows = db.tx({ sql: 'SELECT world, key, body FROM xs2a_records WHERE kind = $1', params: [kind] }).rows;
    for (const world of new Set(rows.map((row) => String(row.world)))) {
      const own = rows.filter((row) => row.world === world);
      const statements = indexInserts(
        world,
        own.map((row) => indexRows(kind, String(row.key), row.body)),
      );
      if (statements.length > 0) db.tx(...statements);
    }
  }
  db.tx({ sql: 'UPDATE xs2a_kit_schema SET index_digest = $1 WHERE id = 1', params: [INDEX_DIGEST] });
}
