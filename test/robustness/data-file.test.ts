/**
 * `--data FILE`: whatever FILE holds is judged before anything is written to it (another program's
 * SQLite database, a newer version, JSON of the wrong shape, anything else: refused, byte for byte
 * untouched); the file and its write-ahead log are private (they hold the key callback secrets
 * derive from); one process per file; and a write that fails (the disk full) leaves nothing behind —
 * the request answers 500 and a retry finds the state exactly as before the failed call.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsent, ibansOf, REDIRECT, validConsent } from '../helpers/ais.js';
import { openDataFile } from '../../src/sim/store/data-file.js';
import { APPLICATION_ID } from '../../src/sim/store/sqlite-schema.js';
import { readDataFile } from '../helpers/data-file.js';
import { keepAliveClient } from '../helpers/keep-alive-client.js';
import { authorise, created, STANDARD, transfer } from '../helpers/pis.js';
import { startSandbox } from '../../src/index.js';
import { certificateFolder, testSandbox } from '../helpers/sandbox.js';
import { killAllServes, serveProcess, stopServe, type ServeProcess } from '../helpers/serve-process.js';

const bin = new URL('../../bin/xs2a-kit.js', import.meta.url).pathname;
let certs: string;
beforeAll(async () => {
  certs = await certificateFolder();
});
afterAll(killAllServes);

const fresh = () => join(mkdtempSync(join(tmpdir(), 'xs2a-data-file-')), 'state.db');

/** The file's bytes and modification time, and the names beside it: what "untouched" compares. */
function snapshot(file: string) {
  const folder = join(file, '..');
  return { bytes: readFileSync(file), mtimeMs: statSync(file).mtimeMs, folder: readdirSync(folder).sort() };
}

/** A database another program made: a table of its own, no application_id. */
function foreignDatabase(file: string): void {
  const db = new Database(file);
  db.exec("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('not a sandbox')");
  db.close();
}

/** A data file of this release with many records, one page in the middle of it overwritten. */
function damagedDataFile(file: string): void {
  const store = openDataFile(file, { seedAnchor: '2026-03-01', log: () => {} });
  const tx = store.begin();
  for (let n = 0; n < 3000; n++) tx.put('usage', `consent-${n}|balances|2026-03-01`, n);
  tx.commit();
  store.close();
  const bytes = readFileSync(file);
  const pageSize = bytes.readUInt16BE(16);
  const middle = Math.floor(bytes.length / pageSize / 2);
  bytes.fill(0xa5, middle * pageSize, (middle + 1) * pageSize);
  writeFileSync(file, bytes);
}

/** A data file of this layout whose version is `version`. */
function dataFileOfVersion(file: string, version: number): void {
  const db = new Database(file);
  db.pragma(`application_id = ${APPLICATION_ID}`);
  db.pragma(`user_version = ${version}`);
  db.exec('CREATE TABLE sandbox (id INTEGER PRIMARY KEY, state TEXT, index_digest TEXT)');
  db.close();
}

describe('a data file of another shape or version', () => {
  const cases: [string, (file: string) => void, RegExp][] = [
    ['null', (file) => writeFileSync(file, 'null'), /\(root\): expected a JSON object, got null/],
    ['an array', (file) => writeFileSync(file, '[]'), /\(root\): expected a JSON object, got an array/],
    ['JSON of another version', (file) => writeFileSync(file, '{"version":2}'), /version: expected 1, got 2/],
    [
      'JSON collections of the wrong type',
      (file) => writeFileSync(file, JSON.stringify({ version: 1, consents: [] })),
      /consents: /,
    ],
    [
      'a JSON record missing what the rules read',
      (file) => writeFileSync(file, JSON.stringify({ version: 1, consents: { c1: { consentId: 'c1' } } })),
      /consents\.c1\.kind: /,
    ],
    [
      'a clock past the end of year 9999',
      (file) => writeFileSync(file, JSON.stringify({ version: 1, clockOffsetMs: 9e15 })),
      /clockOffsetMs: /,
    ],
    [
      'text that is neither JSON nor SQLite',
      (file) => writeFileSync(file, 'hello\n'),
      /neither an SQLite database nor JSON/,
    ],
    [
      'bytes of no format (an image)',
      (file) => writeFileSync(file, Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')),
      /neither an SQLite database nor JSON/,
    ],
    ["another program's SQLite database", foreignDatabase, /application_id: 0 marks another program's SQLite database/],
    [
      'a data file of a newer xs2a-kit',
      (file) => dataFileOfVersion(file, 3),
      /user_version: 3 is a data file of a newer xs2a-kit \(this one reads version 2\); upgrade xs2a-kit/,
    ],
    // Its marks are right, its tables are not: judged before the journal mode is changed (the header's bytes 18-19).
    [
      "a data file with xs2a-kit's marks and another layout",
      (file) => dataFileOfVersion(file, 2),
      /table records: missing/,
    ],
    [
      'a JSON clock before 1970 (a negative offset out of range)',
      (file) => writeFileSync(file, JSON.stringify({ version: 1, clockOffsetMs: -9e15 })),
      /clockOffsetMs: the sandbox clock would stand before 1970-01-01/,
    ],
    [
      'a JSON clock past the end of year 9999 by a finite offset',
      (file) => writeFileSync(file, JSON.stringify({ version: 1, clockOffsetMs: 8e15 })),
      /clockOffsetMs: the sandbox clock would stand past 9999-12-31/,
    ],
    ['a data file with a damaged page in the middle', damagedDataFile, / is damaged \(quick_check: /],
    [
      'a JSON record made after the last instant of the clock (a six-digit year no answer can carry)',
      (file) =>
        writeFileSync(
          file,
          JSON.stringify({
            version: 1,
            providers: {
              'PSDDE-BAFIN-1': {
                organizationIdentifier: 'PSDDE-BAFIN-1',
                name: 'x',
                roles: ['PSP_AI'],
                registeredAt: '+010000-01-01T00:00:00.000Z',
                updatedAt: '2026-03-01T00:00:00.000Z',
              },
            },
          }),
        ),
      /providers\.PSDDE-BAFIN-1\.registeredAt: an instant from 0000-01-01 to 9999-12-31/,
    ],
  ];

  it.each(cases)(
    'is refused at start when it holds %s: nothing starts, and the file is untouched to the byte and the mtime',
    async (_what, make, problem) => {
      const file = fresh();
      make(file);
      const before = snapshot(file);
      await expect(testSandbox(certs, { data: file })).rejects.toThrow(problem);
      // A damaged file is said to be damaged; any other refusal, not to be an xs2a-kit data file.
      await expect(testSandbox(certs, { data: file })).rejects.toThrow(
        `The data file ${file} ${String(problem).includes('damaged') ? 'is damaged' : 'is not an xs2a-kit data file'}`,
      );
      expect(snapshot(file)).toEqual(before);
    },
  );

  it('stops `serve` with exit 1 and one line when the file is damaged, leaving it and its folder as they were', () => {
    const file = fresh();
    damagedDataFile(file);
    const before = snapshot(file);
    const run = spawnSync(
      process.execPath,
      [bin, 'serve', '--port', '0', '--portal-port', '0', '--certs', certs, '--data', file],
      { encoding: 'utf8', timeout: 30_000 },
    );
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain(`The data file ${file} is damaged (`);
    expect(snapshot(file)).toEqual(before);
  });

  it('stops `serve` with exit 1 and one line naming the file and the field', () => {
    const file = fresh();
    writeFileSync(file, JSON.stringify({ version: 1, usage: { 'c|balances|2026-03-01': 'four' } }));
    const run = spawnSync(
      process.execPath,
      [bin, 'serve', '--port', '0', '--portal-port', '0', '--certs', certs, '--data', file],
      { encoding: 'utf8', timeout: 30_000 },
    );
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain(file);
    expect(run.stderr).toContain('usage.c|balances|2026-03-01');
  });
});

describe('the data file', () => {
  it('is created with mode 0600, and so is its write-ahead log, whatever the umask lets through', async () => {
    const file = fresh();
    // The usual umask (022) would leave a file made with the default mode readable by others:
    // the mode must come from the sandbox, not from a umask that happens to be strict.
    const umask = process.umask(0o022);
    try {
      const t = await testSandbox(certs, { data: file });
      try {
        await createConsent(t, { access: { balances: [{ iban: ibansOf(t, 'anna')[0] }] } });
        expect(statSync(file).mode & 0o777).toBe(0o600);
        expect(statSync(`${file}-wal`).mode & 0o777).toBe(0o600);
        // Exclusive locking keeps the log's index in the process: no -shm file for others to read.
        expect(existsSync(`${file}-shm`)).toBe(false);
      } finally {
        await t.sandbox.close();
      }
    } finally {
      process.umask(umask);
    }
  });

  it('tightens a data file others could read to 0600 before it is opened for writing, with a line saying so', async () => {
    const file = fresh();
    const first = await testSandbox(certs, { data: file });
    await first.sandbox.close();
    chmodSync(file, 0o644);
    const lines: string[] = [];
    const sandbox = await startSandbox({ certsDir: certs, data: file, log: (line) => lines.push(line) });
    try {
      // A write, so the log holds something.
      const moved = await fetch(`${sandbox.controlUrl}/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advance: 'P1D' }),
      });
      expect(moved.status).toBe(200);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      // SQLite makes the -wal with the file's mode: private from its first byte.
      expect(statSync(`${file}-wal`).mode & 0o777).toBe(0o600);
      expect(lines).toContain(
        `The data file ${file} could be read by others (mode 0644): now 0600, since it holds the key the callback secrets derive from.`,
      );
    } finally {
      await sandbox.close();
    }
  });

  it('takes an empty file as a new data file', async () => {
    const file = fresh();
    writeFileSync(file, '', { mode: 0o644 });
    const t = await testSandbox(certs, { data: file });
    await t.sandbox.close();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readDataFile(file).integrity).toBe('ok');
  });

  it('serves one process at a time: a second sandbox on the same file is refused, the first keeps working', async () => {
    const file = fresh();
    const first = await testSandbox(certs, { data: file });
    try {
      await expect(testSandbox(certs, { data: file })).rejects.toThrow(
        `The data file ${file} is in use by another sandbox process`,
      );
      expect(
        (await createConsent(first, { access: { balances: [{ iban: ibansOf(first, 'anna')[0] }] } })).answer.status,
      ).toBe(201);
    } finally {
      await first.sandbox.close();
    }
    const again = await testSandbox(certs, { data: file });
    await again.sandbox.close();
  });

  it('survives a restart after the clock was moved to its last instant and work was done there', async () => {
    const file = fresh();
    const first = await testSandbox(certs, { data: file });
    const iban = ibansOf(first, 'anna')[0]!;
    await first.control('/clock', { body: { set: '9999-12-31T23:00:00Z' } });
    await validConsent(first, [iban]);
    const payment = await created(first, transfer(iban));
    await authorise(first, payment.authorisationId, 'anna');
    await first.sandbox.close();
    const second = await testSandbox(certs, { data: file });
    try {
      const status = await second.call({
        path: `/v1/payments/sepa-credit-transfers/${payment.paymentId}/status`,
        client: second.tpp,
      });
      expect(status.json).toEqual({ transactionStatus: 'ACSP' });
    } finally {
      await second.sandbox.close();
    }
  });
});

/**
 * The disk fills up under a running server: its files may grow no further than they are (the
 * process's file-size limit, set from outside with prlimit), so the next commit cannot append to the
 * write-ahead log. `room()` lifts the limit again.
 */
function diskFull(server: ServeProcess, file: string) {
  const limit = (value: string) => execFileSync('prlimit', ['--pid', String(server.child.pid), `--fsize=${value}`]);
  limit(`${statSync(`${file}-wal`).size}:unlimited`);
  return { room: () => limit('unlimited:unlimited') };
}

describe('a write that fails', () => {
  let ca: string;
  let tpp: { cert: string; key: string };
  beforeAll(() => {
    ca = readFileSync(join(certs, 'ca.crt'), 'utf8');
    tpp = { cert: readFileSync(join(certs, 'tpp.crt'), 'utf8'), key: readFileSync(join(certs, 'tpp.key'), 'utf8') };
  });

  /** A server on a fresh data file, its API client, and JSON reads of its control API. */
  async function started() {
    const file = fresh();
    const server = await serveProcess(certs, ['--data', file]);
    const client = keepAliveClient(server.apiUrl, ca, tpp, 2);
    const send = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
      const answer = await client.send({
        method,
        path,
        headers: {
          'X-Request-ID': randomUUID(),
          'TPP-Redirect-URI': REDIRECT,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: answer.status, json: answer.text ? (JSON.parse(answer.text) as Record<string, unknown>) : {} };
    };
    const control = async (path: string, body?: unknown) => {
      const res = await fetch(`${server.controlUrl}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      });
      return { status: res.status, json: (await res.json()) as unknown };
    };
    const customers = (await control('/customers')).json as {
      psuId: string;
      accounts: { iban: string; resourceId: string }[];
    }[];
    const anna = customers.find((customer) => customer.psuId === 'anna')!.accounts[0]!;
    // A first request registers the provider: the write-ahead log exists from here on.
    await send('GET', '/v1/consents/unknown');
    return { file, server, client, send, control, anna };
  }

  it('answers 500 and leaves nothing: the retry makes exactly one consent, the only one in the file', async () => {
    const { file, server, client, send, control, anna } = await started();
    try {
      const body = { access: { balances: [{ iban: anna.iban }] }, recurringIndicator: true, frequencyPerDay: 4 };
      const before = (await control('/consents')).json;
      const disk = diskFull(server, file);
      const failed = await send('POST', '/v1/consents', body);
      expect(failed).toEqual({
        status: 500,
        json: { tppMessages: [{ category: 'ERROR', code: 'INTERNAL_SERVER_ERROR', text: 'Internal server error.' }] },
      });
      expect(server.stderr()).toMatch(/store could not be written/);
      expect((await control('/consents')).json).toEqual(before);

      disk.room();
      const retried = await send('POST', '/v1/consents', body);
      expect(retried.status).toBe(201);
      const consents = (await control('/consents')).json as { consentId: string }[];
      expect(consents.map((consent) => consent.consentId)).toEqual([retried.json['consentId']]);
      await stopServe(server);
      expect(Object.keys(readDataFile(file).records['consents'] ?? {})).toEqual([retried.json['consentId']]);
    } finally {
      client.close();
      await stopServe(server);
    }
  });

  it('takes back a payment, its authorisation, its idempotency key and its reserved money alike', async () => {
    const { file, server, client, send, control, anna } = await started();
    try {
      const payment = await send('POST', `/v1/payments/${STANDARD}`, transfer(anna.iban));
      expect(payment.status).toBe(201);
      const consent = await send('POST', '/v1/consents', {
        access: { balances: [{ iban: anna.iban }] },
        recurringIndicator: true,
        frequencyPerDay: 4,
      });
      expect(
        (
          await control(`/authorisations/${String(consent.json['authorisationId'])}`, {
            psuId: 'anna',
            decision: 'approve',
          })
        ).status,
      ).toBe(200);
      const balances = async () =>
        (
          await send('GET', `/v1/accounts/${anna.resourceId}/balances`, undefined, {
            'Consent-ID': String(consent.json['consentId']),
            'PSU-IP-Address': '192.0.2.1',
          })
        ).json;
      const before = await balances();

      const disk = diskFull(server, file);
      const key = '6f1c4a9e-2b7d-4e8a-9c3f-5a6b7c8d9e0f';
      expect(
        (await send('POST', `/v1/payments/${STANDARD}`, transfer(anna.iban), { 'X-Request-ID': key })).status,
      ).toBe(500);
      const ceremony = await control(`/authorisations/${String(payment.json['authorisationId'])}`, {
        psuId: 'anna',
        decision: 'approve',
      });
      expect(ceremony.status).toBe(500);
      disk.room();

      expect(await balances()).toEqual(before);
      expect(((await control('/payments')).json as { paymentId: string }[]).map((row) => row.paymentId)).toEqual([
        payment.json['paymentId'],
      ]);
      const again = await send(
        'POST',
        `/v1/payments/${STANDARD}`,
        transfer(anna.iban, { remittanceInformationUnstructured: 'another body' }),
        { 'X-Request-ID': key },
      );
      // The failed initiation bound no key: another body under it is a new payment, not a conflict.
      expect(again.status).toBe(201);
    } finally {
      client.close();
      await stopServe(server);
    }
  });
});
