/**
 * The store a sandbox runs on: in memory by default (memory-store.ts), or the data file of --data
 * (data-file.ts, SQLite), both behind the one boundary of records.ts.
 */
import { memoryStore } from './memory-store.js';
import { openDataFile } from './data-file.js';
import type { Store } from './records.js';
import { freshState } from './state.js';

export type { Store } from './records.js';

export function openStore(options: {
  file?: string | undefined;
  seedAnchor: string;
  log: (message: string) => void;
}): Store {
  return options.file
    ? openDataFile(options.file, { seedAnchor: options.seedAnchor, log: options.log })
    : memoryStore(freshState(options.seedAnchor));
}
