/**
 * Reading a data file (--data): its data with collections added since it was written filled in, or
 * StoreFileError naming the field at fault; a file of another shape is left as it is.
 */
import type { Low, Memory } from 'lowdb';
import { CLOCK_MAX_MS } from '../clock.js';
import type { StoreData } from './data.js';
import type { PrivateJsonFile } from './json-file.js';
import { storeDataProblem } from './schema.js';

export class StoreFileError extends Error {}

export async function readFile(db: Low<StoreData>, file: string | undefined): Promise<unknown> {
  const adapter = db.adapter as PrivateJsonFile<StoreData> | Memory<StoreData>;
  try {
    return await adapter.read();
  } catch (error) {
    throw new StoreFileError(`Cannot read the data file ${file}: ${(error as Error).message}`);
  }
}

/** The file's data with collections added since it was written filled in, or StoreFileError naming the field. */
export function checked(read: unknown, fresh: StoreData, file: string): StoreData {
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
