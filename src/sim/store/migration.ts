/**
 * The one-time move of a JSON data file (version 1, the releases before SQLite) to the SQLite data
 * file: built beside it under a temporary name, then the JSON is kept as `FILE.bak` (a second name
 * for the same bytes) and the new file renamed over FILE. Until that rename FILE is the JSON as it
 * was, so an interrupted migration is simply done again at the next start.
 */
import { copyFileSync, constants, existsSync, linkSync, readFileSync, renameSync, statSync } from 'node:fs';
import { bookingKey, smsKey, type Kind } from './kinds.js';
import type { JsonData } from './json-data.js';
import { StoreFileError } from './json-data.js';
import { buildDataFile } from './new-file.js';
import { createTables } from './sqlite-schema.js';
import { recordWriter } from './sqlite-store.js';

const KEYED = [
  'providers',
  'registerDecisions',
  'consents',
  'authorisations',
  'usage',
  'callbacks',
  'payments',
  'paymentKeys',
  'paymentsDue',
] as const satisfies readonly Kind[];

/** Every record of a JSON data file with its kind and key, lists in the order they were made. */
export function* recordsOf(data: JsonData): Iterable<[Kind, string, unknown]> {
  for (const kind of KEYED) for (const [key, record] of Object.entries(data[kind])) yield [kind, key, record];
  // The file kept one-time codes newest first; each is numbered among its authorisation's codes.
  const sent = new Map<string, number>();
  for (const sms of [...data.sms].reverse()) {
    const n = sent.get(sms.authorisationId) ?? 0;
    sent.set(sms.authorisationId, n + 1);
    yield ['sms', smsKey(sms.authorisationId, n), sms];
  }
  for (const booking of data.bookings) yield ['bookings', bookingKey(booking), booking];
  for (const delivery of data.deliveries) yield ['deliveries', delivery.eventId, delivery];
}

/** Whether `backup` already holds the bytes of `file` (an earlier migration stopped after keeping it). */
function alreadyKept(file: string, backup: string): boolean {
  const a = statSync(file);
  const b = statSync(backup);
  return (a.ino === b.ino && a.dev === b.dev) || readFileSync(file).equals(readFileSync(backup));
}

/** Replaces the JSON data file with an SQLite one holding the same records; the JSON stays as FILE.bak. */
export function migrateJsonFile(file: string, data: JsonData, log: (message: string) => void): void {
  const backup = `${file}.bak`;
  const kept = existsSync(backup);
  if (kept && !alreadyKept(file, backup))
    throw new StoreFileError(
      `The data file ${file} is a JSON data file to move to SQLite, but ${backup}, where it would be kept, ` +
        `exists and holds something else; move ${backup} away and start again. ${file} was left as it is.`,
    );
  const { clockOffsetMs, seedAnchor, callbackKey } = data;
  const built = buildDataFile(file, (db) => {
    createTables(db, { clockOffsetMs, seedAnchor, callbackKey });
    const write = recordWriter(db);
    for (const [kind, key, record] of recordsOf(data)) write(kind, key, record);
  });
  if (!kept) {
    try {
      linkSync(file, backup);
    } catch {
      copyFileSync(file, backup, constants.COPYFILE_EXCL);
    }
  }
  renameSync(built, file);
  log(
    `The data file ${file} was a JSON data file of an earlier release: it is now SQLite, the JSON is kept as ${backup}.`,
  );
}
