/**
 * lowdb over memory by default, or over a JSON file with --data (written atomically with mode 0600,
 * see json-file.ts). A file is checked for the data file's shape before anything is written to it:
 * a file of another shape is refused with the field at fault and left untouched.
 */
import { existsSync } from 'node:fs';
import { Low, Memory } from 'lowdb';
import { emptyData, type StoreData } from './data.js';
import { PrivateJsonFile } from './json-file.js';
import { CLOCK_MAX_MS } from '../clock.js';
import { storeDataProblem } from './schema.js';

export interface Store {
  readonly data: StoreData;
  readonly file: string | undefined;
  /** Persists the current data; in memory there is nothing to persist, and no promise. Only the bank calls it, once per unit of work. */
  write(): Promise<void> | undefined;
  /** Replaces everything with fresh data (sandbox reset); the caller writes it. */
  replace(data: StoreData): void;
}

export class StoreFileError extends Error {}

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

async function readFile(db: Low<StoreData>, file: string | undefined): Promise<unknown> {
  const adapter = db.adapter as PrivateJsonFile<StoreData> | Memory<StoreData>;
  try {
    return await adapter.read();
  } catch (error) {
    throw new StoreFileError(`Cannot read the data file ${file}: ${(error as Error).message}`);
  }
}

/** The file's data with collections added since it was written filled in, or StoreFileError naming the field. */
function checked(read: unknown, fresh: StoreData, file: string): StoreData {
  const refuse = (problem: string) =>
    new StoreFileError(`The data file ${file} is not an xs2a-kit data file: ${problem}. It was left as it is.`);
  if (read === null || typeof read !== 'object' || Array.isArray(read))
    throw refuse(storeDataProblem(read) ?? 'not a JSON object');
  const version = (read as { version?: unknown }).version;
  if (version !== 1) throw refuse(`version: expected 1, got ${JSON.stringify(version) ?? 'nothing'}`);
  // A file written by an earlier version may lack collections added since; fill them in.
  const data = { ...fresh, ...(read as Partial<StoreData>) };
  const problem = storeDataProblem(data);
  if (problem) throw refuse(problem);
  if (Date.now() + data.clockOffsetMs > CLOCK_MAX_MS)
    throw refuse('clockOffsetMs: the sandbox clock would stand past 9999-12-31');
  return data;
}
