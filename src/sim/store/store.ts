/**
 * The store a sandbox runs on: in memory by default (memory-store.ts), the data file of --data
 * (data-file.ts, SQLite), or a PostgreSQL database shared by several processes (--data
 * postgresql://…, pg/pg-store.ts), all behind the one boundary of records.ts.
 */
import { memoryStore } from './memory-store.js';
import { openDataFile } from './data-file.js';
import { openPgDatabase, openPgStore, type PgDatabase } from './pg/pg-store.js';
import { databaseUrlProblem, isDatabaseUrl } from './pg/pg-url.js';
import { DatabaseRefusedError } from './pg/pg-schema.js';
import type { Store } from './records.js';
import { freshState } from './state.js';

export type { Store } from './records.js';

/** The PostgreSQL database of a sandbox of worlds (--worlds organisation), its URL checked first. */
export function openDatabase(url: string, seedAnchor: string): PgDatabase {
  const problem = databaseUrlProblem(url);
  if (problem !== undefined) throw new DatabaseRefusedError(`--data: ${problem}.`);
  return openPgDatabase(url, () => freshState(seedAnchor));
}

export function openStore(options: {
  file?: string | undefined;
  seedAnchor: string;
  log: (message: string) => void;
}): Store {
  const { file } = options;
  if (file !== undefined && isDatabaseUrl(file)) {
    const problem = databaseUrlProblem(file);
    if (problem !== undefined) throw new DatabaseRefusedError(`--data: ${problem}.`);
    return openPgStore(file, { fresh: () => freshState(options.seedAnchor) });
  }
  return file
    ? openDataFile(file, { seedAnchor: options.seedAnchor, log: options.log })
    : memoryStore(freshState(options.seedAnchor));
}
