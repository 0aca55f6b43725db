/**
 * lowdb over memory by default, or over a JSON file with --data (written atomically: lowdb's
 * writer renames a temporary file over the old one, so a kill never leaves half a file).
 */
import { Low, Memory } from 'lowdb';
import { JSONFile } from 'lowdb/node';
import { emptyData, type StoreData } from './data.js';

export interface Store {
  readonly data: StoreData;
  readonly file: string | undefined;
  /** Persists the current data; call after every change a request made. */
  write(): Promise<void>;
  /** Replaces everything with fresh data (sandbox reset). */
  replace(data: StoreData): Promise<void>;
}

export class StoreFileError extends Error {}

export async function openStore(options: { file?: string | undefined; seedAnchor: string }): Promise<Store> {
  const fresh = emptyData(options.seedAnchor);
  const db = new Low<StoreData>(options.file ? new JSONFile<StoreData>(options.file) : new Memory<StoreData>(), fresh);
  try {
    await db.read();
  } catch (error) {
    throw new StoreFileError(`Cannot read the data file ${options.file}: ${(error as Error).message}`);
  }
  if (db.data.version !== 1) {
    throw new StoreFileError(`The data file ${options.file} is not an xs2a-kit data file (version ${String(db.data.version)}).`);
  }
  // A file written by an earlier version may lack collections added since; fill them in.
  db.data = { ...fresh, ...db.data };
  if (options.file) await db.write();
  return {
    get data() {
      return db.data;
    },
    file: options.file,
    write: () => db.write(),
    async replace(data) {
      db.data = data;
      await db.write();
    },
  };
}
