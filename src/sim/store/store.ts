/**
 * lowdb over memory by default, or over a JSON file with --data (written atomically with mode 0600,
 * see json-file.ts). A file is checked for the data file's shape before anything is written to it:
 * a file of another shape is refused with the field at fault and left untouched.
 */
import { existsSync } from 'node:fs';
import { Low, Memory } from 'lowdb';
import { emptyData, type StoreData } from './data.js';
import { checked, readFile } from './data-file.js';
import { PrivateJsonFile } from './json-file.js';

export interface Store {
  readonly data: StoreData;
  readonly file: string | undefined;
  /** Persists the current data; in memory there is nothing to persist, and no promise. Only the bank calls it, once per unit of work. */
  write(): Promise<void> | undefined;
  /** Replaces everything with fresh data (sandbox reset); the caller writes it. */
  replace(data: StoreData): void;
}

export async function openStore(options: { file?: string | undefined; seedAnchor: string }): Promise<Store> {
  const fresh = emptyData(options.seedAnchor);
  const db = new Low<StoreData>(
    options.file ? new PrivateJsonFile<StoreData>(options.file) : new Memory<StoreData>(),
    fresh,
  );
  const read: unknown = await readFile(db, options.file);
  // A file that holds `null` is not a missing file: it is refused like any other wrong shape.
  if (read !== null || (options.file !== undefined && existsSync(options.file)))
    db.data = checked(read, fresh, options.file ?? '');
  if (options.file) await db.write();
  return {
    get data() {
      return db.data;
    },
    file: options.file,
    write: options.file ? () => db.write() : () => undefined,
    replace(data) {
      db.data = data;
    },
  };
}
