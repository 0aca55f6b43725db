/**
 * A new data file is built under a temporary name beside the target, private (mode 0600; SQLite
 * gives its write-ahead log the same mode), whole, then renamed into place: a kill while it is made
 * never leaves a file that is half a data file.
 */
import { closeSync, openSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { StoreFileError } from './json-data.js';

/** Builds the file with `fill` (in one transaction) and answers its temporary path, for the caller to rename. */
export function buildDataFile(file: string, fill: (db: Database.Database) => void): string {
  const temp = join(dirname(file), `.${basename(file)}.new`);
  const leftovers = [temp, `${temp}-wal`, `${temp}-shm`, `${temp}-journal`];
  for (const leftover of leftovers) rmSync(leftover, { force: true });
  let db: Database.Database | undefined;
  try {
    closeSync(openSync(temp, 'wx', 0o600));
    db = new Database(temp);
    db.transaction(() => fill(db!))();
    db.pragma('journal_mode = WAL');
    db.close();
    return temp;
  } catch (error) {
    db?.close();
    for (const leftover of leftovers) rmSync(leftover, { force: true });
    throw new StoreFileError(
      `Cannot write the data file ${file}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
