/**
 * Opening `--data FILE`. Whatever FILE holds is judged before anything is written to it:
 * - missing or empty: a new data file is made (mode 0600);
 * - an SQLite database: its first bytes must mark it as an xs2a-kit data file of this version
 *   (`application_id`, `user_version`), else it is refused without being opened;
 * - JSON: a data file of the releases before SQLite is checked and migrated once (migration.ts);
 * - anything else is refused. A refused file is left byte for byte as it was.
 */
import { chmodSync, closeSync, openSync, readFileSync, readSync, renameSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { CLOCK_MAX_MS } from '../clock.js';
import { checked, refusal, StoreFileError } from './json-data.js';
import { migrateJsonFile } from './migration.js';
import { buildDataFile } from './new-file.js';
import type { SandboxState, Store } from './records.js';
import {
  configure,
  createTables,
  headerOf,
  INDEX_DIGEST,
  layoutProblem,
  markProblem,
  SQLITE_MAGIC,
} from './sqlite-schema.js';
import { reindex, sqliteStore } from './sqlite-store.js';
import { freshState, SandboxStateSchema } from './state.js';

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The file's first 100 bytes, or undefined when there is no file. */
function headOf(file: string): Buffer | undefined {
  let fd: number;
  try {
    if (!statSync(file).isFile()) throw new StoreFileError(`Cannot read the data file ${file}: not a regular file`);
    fd = openSync(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    if (error instanceof StoreFileError) throw error;
    throw new StoreFileError(`Cannot read the data file ${file}: ${message(error)}`);
  }
  try {
    const head = Buffer.alloc(100);
    return head.subarray(0, readSync(fd, head, 0, 100, 0));
  } finally {
    closeSync(fd);
  }
}

function readJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new StoreFileError(`Cannot read the data file ${file}: ${message(error)}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw refusal(file, `neither an SQLite database nor JSON (${message(error)})`);
  }
}

/** The stored sandbox state, or the first problem of the file's layout or state as `field: what is wrong`. */
function storedState(db: Database.Database): { state: SandboxState; digest: string } | { problem: string } {
  const problem = layoutProblem(db);
  if (problem) return { problem };
  const row = db.prepare('SELECT state, index_digest FROM sandbox WHERE id = 1').get() as
    { state: string; index_digest: string } | undefined;
  if (!row) return { problem: 'table sandbox: no row' };
  let read: unknown;
  try {
    read = JSON.parse(row.state);
  } catch (error) {
    return { problem: `sandbox.state: ${message(error)}` };
  }
  const parsed = SandboxStateSchema.safeParse(read);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { problem: `sandbox.state.${issue?.path.map(String).join('.') ?? ''}: ${issue?.message ?? 'invalid'}` };
  }
  if (Date.now() + parsed.data.clockOffsetMs > CLOCK_MAX_MS)
    return { problem: 'sandbox.state.clockOffsetMs: the sandbox clock would stand past 9999-12-31' };
  return { state: parsed.data, digest: row.index_digest };
}

/** Opens a data file this release wrote, refusing one in use or of another layout. */
function openSqlite(file: string): Store {
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { timeout: 0 });
    configure(db);
  } catch (error) {
    db?.close();
    const code = (error as { code?: string }).code;
    if (code === 'SQLITE_BUSY')
      throw new StoreFileError(
        `The data file ${file} is in use by another sandbox process (one process per data file).`,
      );
    if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT')
      throw refusal(file, `a damaged database (${message(error)})`);
    throw new StoreFileError(`Cannot open the data file ${file}: ${message(error)}`);
  }
  const stored = storedState(db);
  if ('problem' in stored) {
    db.close();
    throw refusal(file, stored.problem);
  }
  if (stored.digest !== INDEX_DIGEST) {
    reindex(db);
    db.prepare('UPDATE sandbox SET index_digest = ? WHERE id = 1').run(INDEX_DIGEST);
  }
  // The file holds the key callback secrets derive from: nobody else on the machine may read it.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  return sqliteStore(db, file, stored.state);
}

export function openDataFile(file: string, options: { seedAnchor: string; log: (message: string) => void }): Store {
  const head = headOf(file);
  if (head === undefined || head.length === 0) {
    renameSync(
      buildDataFile(file, (db) => createTables(db, freshState(options.seedAnchor))),
      file,
    );
  } else if (head.subarray(0, 16).toString('latin1') === SQLITE_MAGIC) {
    const header = headerOf(head);
    const problem = header ? markProblem(header.applicationId, header.version) : 'a damaged SQLite header';
    if (problem) throw refusal(file, problem);
  } else {
    migrateJsonFile(file, checked(readJson(file), file, freshState(options.seedAnchor)), options.log);
  }
  return openSqlite(file);
}
