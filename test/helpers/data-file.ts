/** What a data file (--data, SQLite) holds, read after the sandbox that wrote it closed or died. */
import Database from 'better-sqlite3';

export interface DataFileContents {
  state: { clockOffsetMs: number; seedAnchor: string; callbackKey: string };
  /** Records by kind, then key. */
  records: Record<string, Record<string, unknown>>;
  integrity: string;
}

export function readDataFile(file: string): DataFileContents {
  const db = new Database(file, { fileMustExist: true });
  try {
    const records: Record<string, Record<string, unknown>> = {};
    const rows = db.prepare('SELECT kind, key, body FROM records ORDER BY rowid').all() as {
      kind: string;
      key: string;
      body: string;
    }[];
    for (const { kind, key, body } of rows) (records[kind] ??= {})[key] = JSON.parse(body);
    const { state } = db.prepare('SELECT state FROM sandbox').get() as { state: string };
    return {
      state: JSON.parse(state) as DataFileContents['state'],
      records,
      integrity: db.pragma('integrity_check', { simple: true }) as string,
    };
  } finally {
    db.close();
  }
}
