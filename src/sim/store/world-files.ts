/**
 * The worlds of a sandbox of worlds (`--worlds organisation`) kept in data files: `--data FOLDER`
 * names a folder holding one data file per world, `FOLDER/<world>.db`, each an ordinary data file
 * (data-file.ts: checked before anything is written, private, one process at a time). A world's id is
 * its owner's organizationIdentifier, whose characters (letters, digits, `.` and `-`, after `PSD`)
 * are safe in a file name, so the name is the id and the folder lists the worlds.
 */
import { closeSync, mkdirSync, openSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { StoreFileError } from './json-data.js';
import { openDataFile } from './data-file.js';
import type { SandboxState, Store } from './records.js';

/** What a world's data file is named: the world, then `.db`. */
const WORLD_FILE = /^(PSD[A-Z]{2}-[A-Z0-9]{2,8}-[A-Za-z0-9.-]{1,64})\.db$/;

export interface WorldFiles {
  /** The worlds the folder holds. */
  worlds(): string[];
  /** The store of one world, its file made at its first use. */
  store(world: string, fresh: () => SandboxState): Store;
  /** The world's file goes, with its write-ahead log; its store must be closed first. */
  drop(world: string): void;
  /** Lets another process have the folder. */
  close(): void;
}

/**
 * The folder's own lock: an SQLite file held with an exclusive lock while this process runs, so a
 * second process on the folder is refused at start, as a second one on a data file is, rather than
 * meeting a world file the first holds at some request later.
 */
function lockFolder(folder: string): Database.Database {
  const file = join(folder, '.lock.db');
  let db: Database.Database | undefined;
  try {
    closeSync(openSync(file, 'a', 0o600));
    db = new Database(file, { timeout: 0 });
    db.pragma('locking_mode = EXCLUSIVE');
    // The first write takes the exclusive lock, and the locking mode keeps it.
    db.exec('BEGIN EXCLUSIVE; COMMIT');
    return db;
  } catch (error) {
    db?.close();
    const code = (error as { code?: string }).code;
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED')
      throw new StoreFileError(
        `The data folder ${folder} is in use by another sandbox process (one process per folder).`,
      );
    throw new StoreFileError(`Cannot lock the data folder ${folder}: ${(error as Error).message}`);
  }
}

/** The folder of `--data` with `--worlds organisation`, made (private) when missing. */
export function openWorldFiles(folder: string, log: (message: string) => void): WorldFiles {
  let kind: 'folder' | 'other' | undefined;
  try {
    kind = statSync(folder).isDirectory() ? 'folder' : 'other';
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new StoreFileError(`Cannot read the data folder ${folder}: ${(error as Error).message}`);
  }
  // A data file of one world given with --worlds organisation is refused rather than turned into
  // something else: its one world belongs to no organisation.
  if (kind === 'other')
    throw new StoreFileError(
      `With --worlds organisation, --data names a folder holding one data file per world; ${folder} is a file. It was left as it is.`,
    );
  if (kind === undefined) mkdirSync(folder, { recursive: true, mode: 0o700 });
  const lock = lockFolder(folder);
  const fileOf = (world: string) => {
    if (!WORLD_FILE.test(`${world}.db`)) throw new Error(`No world is named ${JSON.stringify(world)}.`);
    return join(folder, `${world}.db`);
  };
  return {
    worlds: () =>
      readdirSync(folder)
        .map((name) => WORLD_FILE.exec(name)?.[1])
        .filter((world) => world !== undefined),
    store: (world, fresh) => openDataFile(fileOf(world), { seedAnchor: fresh().seedAnchor, log }),
    drop(world) {
      const file = fileOf(world);
      for (const path of [file, `${file}-wal`, `${file}-shm`]) rmSync(path, { force: true });
    },
    close: () => lock.close(),
  };
}
