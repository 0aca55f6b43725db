import {
  chmodSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openDataFile } from './data-file.js';

const folder = () => mkdtempSync(join(tmpdir(), 'xs2a-data-file-'));
const open = (file: string, lines: string[] = []) =>
  openDataFile(file, { seedAnchor: '2026-03-01', log: (line) => lines.push(line) });
const JSON_FILE = JSON.stringify({ version: 1, usage: { 'c1|balances|2026-03-01': 2 } });

describe('opening a data file', () => {
  it('refuses to move a JSON file whose FILE.bak holds something else, and leaves both as they are', () => {
    const file = join(folder(), 'state.json');
    writeFileSync(file, JSON_FILE);
    writeFileSync(`${file}.bak`, 'my own notes');
    expect(() => open(file)).toThrow(`${file}.bak, where it would be kept, exists and holds something else`);
    expect(readFileSync(file, 'utf8')).toBe(JSON_FILE);
    expect(readFileSync(`${file}.bak`, 'utf8')).toBe('my own notes');
  });

  it('finishes a move that stopped after keeping the JSON, and one that left its half-built file behind', () => {
    const dir = folder();
    const file = join(dir, 'state.json');
    writeFileSync(file, JSON_FILE);
    chmodSync(file, 0o644);
    linkSync(file, `${file}.bak`);
    writeFileSync(join(dir, '.state.json.new'), 'half a database');
    const lines: string[] = [];
    const store = open(file, lines);
    expect(store.get('usage', 'c1|balances|2026-03-01')).toBe(2);
    store.close();
    // The move, and the JSON kept as FILE.bak (it holds the callback key) made private.
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/\.bak could be read by others \(mode 0644\): now 0600/);
    expect(statSync(`${file}.bak`).mode & 0o777).toBe(0o600);
    expect(readFileSync(`${file}.bak`, 'utf8')).toBe(JSON_FILE);
    expect(existsSync(join(dir, '.state.json.new'))).toBe(false);
  });

  it('refuses a folder with a clear message', () => {
    const file = join(folder(), 'state.db');
    mkdirSync(file);
    expect(() => open(file)).toThrow(`Cannot read the data file ${file}: not a regular file`);
  });

  it('says so when a new data file cannot be made (its folder is missing)', () => {
    const file = join(folder(), 'missing-folder', 'state.db');
    expect(() => open(file)).toThrow(`Cannot write the data file ${file}`);
  });

  it('rebuilds its indexes when a release derives them otherwise', () => {
    const file = join(folder(), 'state.db');
    const first = open(file);
    const tx = first.begin();
    tx.put('bookings', 'DE1/1', {
      iban: 'DE1',
      seq: 1,
      transactionId: 't1',
      amountCents: 100,
      status: 'booked',
      bookingDate: '2026-03-01',
      valueDate: '2026-03-01',
      creditorName: undefined,
      debtorName: undefined,
      remittanceInformationUnstructured: 'x',
      createdAt: '2026-03-01T00:00:00.000Z',
    });
    tx.commit();
    first.close();
    // As a file written by a release whose indexes differed: other rows, another digest.
    const db = new Database(file);
    db.exec("DELETE FROM record_index; UPDATE sandbox SET index_digest = 'an earlier release'");
    db.close();
    const again = open(file);
    expect(again.find('bookings', 'account', 'DE1').map((booking) => booking.seq)).toEqual([1]);
    again.close();
  });

  it('refuses a file whose sandbox state is not one, naming the field', () => {
    const file = join(folder(), 'state.db');
    open(file).close();
    const db = new Database(file);
    db.prepare('UPDATE sandbox SET state = ?').run(JSON.stringify({ clockOffsetMs: 0, seedAnchor: 'soon' }));
    db.close();
    expect(() => open(file)).toThrow(/sandbox\.state\.seedAnchor: /);
  });
});
