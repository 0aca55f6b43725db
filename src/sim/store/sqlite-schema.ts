/**
 * The data file's layout (--data, SQLite): what marks it as ours and which version it is, its three
 * tables, and the settings every open applies. Records are JSON text by kind and key; the indexes of
 * kinds.ts are rows of `record_index`, written with each record.
 *
 * - `application_id` 0x78733261 ("xs2a") marks the file as an xs2a-kit data file; `user_version` is
 *   its version: 1 was the JSON file of the releases before, 2 is this layout.
 * - WAL with synchronous NORMAL: a commit is in the write-ahead log before the unit of work answers,
 *   so killing the process loses no answered write and leaves a file that opens; only a crash of the
 *   operating system could lose the last commits (FULL would sync every commit to the disk for that).
 * - Exclusive locking: one sandbox process per file, a second is refused at start; no `-shm` file.
 */
import { createHash } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { indexesOf, KINDS } from './kinds.js';

export const APPLICATION_ID = 0x78733261;
export const DATA_FILE_VERSION = 2;
/** The first 16 bytes of every SQLite database file. */
export const SQLITE_MAGIC = 'SQLite format 3\u0000';

const TABLES = `
CREATE TABLE sandbox (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  state TEXT NOT NULL,
  index_digest TEXT NOT NULL
);
CREATE TABLE records (
  kind TEXT NOT NULL,
  key TEXT NOT NULL,
  body TEXT NOT NULL,
  PRIMARY KEY (kind, key)
);
CREATE TABLE record_index (
  kind TEXT NOT NULL,
  name TEXT NOT NULL,
  value NOT NULL,
  key TEXT NOT NULL,
  PRIMARY KEY (kind, name, value, key)
) WITHOUT ROWID;
CREATE INDEX record_index_by_key ON record_index (kind, key);
`;

/** What the indexes derive, as code: a release that changes one rebuilds the index at its first start. */
export const INDEX_DIGEST = createHash('sha256')
  .update(
    KINDS.flatMap((kind) => indexesOf(kind).map((plan) => `${plan.id}:${plan.ordered}:${String(plan.derive)}`)).join(
      '\n',
    ),
  )
  .digest('hex');

/** Settings of every connection: taken before the first read, so the lock comes with it. */
export function configure(db: Database): void {
  db.pragma('locking_mode = EXCLUSIVE');
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
}

/** Lays out a new data file holding `state`, marked as ours, in the caller's transaction. */
export function createTables(db: Database, state: unknown): void {
  db.exec(TABLES);
  db.prepare('INSERT INTO sandbox (id, state, index_digest) VALUES (1, ?, ?)').run(JSON.stringify(state), INDEX_DIGEST);
  db.pragma(`application_id = ${APPLICATION_ID}`);
  db.pragma(`user_version = ${DATA_FILE_VERSION}`);
}

/** The application_id and user_version a database file's first 100 bytes carry (offsets 68 and 60). */
export function headerOf(head: Buffer): { applicationId: number; version: number } | undefined {
  if (head.length < 100 || head.subarray(0, 16).toString('latin1') !== SQLITE_MAGIC) return undefined;
  return { applicationId: head.readUInt32BE(68), version: head.readUInt32BE(60) };
}

/** The first problem of an open file's marks and tables, as `field: what is wrong`, or undefined. */
export function layoutProblem(db: Database): string | undefined {
  const applicationId = db.pragma('application_id', { simple: true }) as number;
  if (applicationId !== APPLICATION_ID) return markProblem(applicationId, DATA_FILE_VERSION);
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version !== DATA_FILE_VERSION) return markProblem(APPLICATION_ID, version);
  const tables = new Set(db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").pluck().all() as string[]);
  const missing = ['sandbox', 'records', 'record_index'].find((name) => !tables.has(name));
  return missing ? `table ${missing}: missing` : undefined;
}

/** Why a database marked so is not one this release opens, or undefined when it is. */
export function markProblem(applicationId: number, version: number): string | undefined {
  if (applicationId !== APPLICATION_ID)
    return `application_id: ${applicationId} marks another program's SQLite database (an xs2a-kit data file has ${APPLICATION_ID})`;
  if (version > DATA_FILE_VERSION)
    return `user_version: ${version} is a data file of a newer xs2a-kit (this one reads version ${DATA_FILE_VERSION}); upgrade xs2a-kit`;
  if (version !== DATA_FILE_VERSION)
    return `user_version: ${version} is no data file version this xs2a-kit knows (it reads version ${DATA_FILE_VERSION})`;
  return undefined;
}
