/**
 * Opening `--data FILE`. Whatever FILE holds is judged before anything is written to it:
 * - missing or empty: a new data file is made (mode 0600);
 * - an SQLite database: its first bytes must mark it as an xs2a-kit data file of this version
 *   (`application_id`, `user_version`), else it is refused without being opened; then it is opened
 *   read-only and checked (its marks, its tables, `PRAGMA quick_check`, its sandbox state) before
 *   anything is written to it or its journal mode changed, so a damaged file or one of another
 *   layout is refused with every byte as it was and no `-wal` left behind;
 * - JSON: a data file of the releases before SQLite is checked, every value against what the
 *   sandbox can serve, and migrated once (migration.ts);
 * - anything else is refused. A refused file is left byte for byte as it was.
 * The file holds the key callback secrets derive from: a mode that lets others read it is
 * tightened to 0600, with a line saying so, before it is opened for writing, so its `-wal` (which
 * SQLite creates with the file's mode) is private from its first byte.
 */
import {
  chmodSync,
  closeSync,
  copyFileSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { clockProblem } from '../clock.js';
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
  const clock = clockProblem(parsed.data.clockOffsetMs);
  if (clock) return { problem: `sandbox.state.clockOffsetMs: ${clock}` };
  return { state: parsed.data, digest: row.index_digest };
}

/** A file this release wrote (or one like it) that SQLite finds damaged: said as such, not as another program's. */
const damaged = (file: string, detail: string) =>
  new StoreFileError(
    `The data file ${file} is damaged (${detail}): it cannot be served; restore it from a backup or start with a new file. It was left as it is.`,
  );

const inUse = (file: string) =>
  new StoreFileError(`The data file ${file} is in use by another sandbox process (one process per data file).`);

/** An error of SQLite opening or reading `file`, as what the user is told. */
function openingError(file: string, error: unknown): StoreFileError {
  if (error instanceof StoreFileError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') return inUse(file);
  if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') return damaged(file, message(error));
  return new StoreFileError(`Cannot open the data file ${file}: ${message(error)}`);
}

/**
 * The file checked without being written: SQLite cannot read a database in WAL mode read-only
 * without making a `-wal` and `-shm` beside it, so it reads a copy (the file and its `-wal`, in a
 * folder only this user can enter, removed at once). Nothing is written beside FILE, its journal
 * mode is not changed, and a file refused here keeps every byte.
 */
function inspect(file: string): { state: SandboxState; digest: string } {
  const folder = mkdtempSync(join(tmpdir(), 'xs2a-data-check-'));
  const copy = join(folder, 'data.db');
  let db: Database.Database | undefined;
  try {
    copyFileSync(file, copy);
    if (existsSync(`${file}-wal`)) copyFileSync(`${file}-wal`, `${copy}-wal`);
    db = new Database(copy, { fileMustExist: true, timeout: 0 });
    db.pragma('locking_mode = EXCLUSIVE');
    const layout = layoutProblem(db);
    if (layout) throw refusal(file, layout);
    const check = db.pragma('quick_check(1)', { simple: true }) as string;
    // One line: SQLite's report is several (`*** in database main ***`, then the damage).
    const damage = check
      .replace(/\*\*\* in database \w+ \*\*\*/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    if (check !== 'ok') throw damaged(file, `quick_check: ${damage}`);
    const stored = storedState(db);
    if ('problem' in stored) throw refusal(file, stored.problem);
    return stored;
  } catch (error) {
    throw openingError(file, error);
  } finally {
    db?.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

/** A mode that lets anyone but the owner in is tightened to 0600, saying so: each of `paths` that exists. */
function keepPrivate(paths: readonly string[], log: (message: string) => void): void {
  for (const path of paths) {
    if (!existsSync(path)) continue;
    const mode = statSync(path).mode & 0o777;
    if ((mode & 0o077) === 0) continue;
    chmodSync(path, 0o600);
    log(
      `The data file ${path} could be read by others (mode ${mode.toString(8).padStart(4, '0')}): now 0600, since it holds the key the callback secrets derive from.`,
    );
  }
}

/** Opens a data file this release wrote, once checked, refusing one in use, damaged or of another layout. */
function openSqlite(file: string, log: (message: string) => void): Store {
  const stored = inspect(file);
  keepPrivate([file, `${file}-wal`, `${file}-shm`], log);
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { fileMustExist: true, timeout: 0 });
    configure(db);
  } catch (error) {
    db?.close();
    throw openingError(file, error);
  }
  if (stored.digest !== INDEX_DIGEST) {
    reindex(db);
    db.prepare('UPDATE sandbox SET index_digest = ? WHERE id = 1').run(INDEX_DIGEST);
  }
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
    // The JSON kept as FILE.bak holds the callback key too.
    keepPrivate([`${file}.bak`], options.log);
  }
  return openSqlite(file, options.log);
}
