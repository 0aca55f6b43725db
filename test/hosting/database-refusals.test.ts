/**
 * `serve --data` with a database it must not run on: one line, exit 1, nothing written, and never the
 * password. The URL is judged before any connection; the database before anything is written to it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xs2aKit } from '../helpers/cli.js';
import { freePort } from '../helpers/facility.js';
import { createDatabase, PG, type TestDatabase } from '../helpers/postgres.js';
import { certificateFolder } from '../helpers/sandbox.js';
import { serveProcess, stopServe } from '../helpers/serve-process.js';

let certs: string;
const made: TestDatabase[] = [];

beforeAll(async () => {
  certs = await certificateFolder();
});
afterAll(async () => {
  await Promise.all(made.map((db) => db.drop()));
});

async function database(label: string): Promise<TestDatabase> {
  const db = await createDatabase(label);
  made.push(db);
  return db;
}

const serve = (data: string) =>
  xs2aKit(['serve', '--port', '0', '--portal-port', '0', '--certs', certs, '--data', data]);

/** Exit 1 with exactly one line on stderr, which is returned. */
function oneLine(result: { code: number; stdout: string; stderr: string }): string {
  expect(result.code).toBe(1);
  const lines = result.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  return lines[0]!;
}

const tables = async (db: TestDatabase) =>
  (await db.sql("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1")).rows.map(
    (row) => row.table_name,
  );

describe('serve --data with a database URL it cannot use', () => {
  it('refuses a URL without a host, or without a database, before connecting', async () => {
    expect(oneLine(await serve('postgresql://'))).toMatch(/names no host/);
    expect(oneLine(await serve(`postgresql://${PG.user}@${PG.host}:${PG.port}`))).toMatch(/names no database/);
    expect(oneLine(await serve('postgres://u:pw@db.example:99999/x'))).toMatch(/not a valid URL|no valid port/);
  });

  it('refuses a scheme of another database, naming it', async () => {
    const line = oneLine(await serve('mysql://root:topsecret@127.0.0.1:3306/test'));
    expect(line).toContain('mysql:// is not a database this sandbox runs on');
    expect(line).not.toContain('topsecret');
  });

  it('names the host it cannot reach, never the password', async () => {
    const port = await freePort();
    const started = Date.now();
    const line = oneLine(await serve(`postgresql://postgres:s3cret-pw@127.0.0.1:${port}/nothing`));
    expect(line).toContain(`Cannot reach the database 127.0.0.1:${port}/nothing`);
    expect(line).not.toContain('s3cret-pw');
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it("refuses a database holding another application's tables, and writes nothing to it", async () => {
    const db = await database('foreign');
    await db.sql('CREATE TABLE users (id integer PRIMARY KEY, name text)');
    const line = oneLine(await serve(db.url));
    expect(line).toContain(`holds 1 table(s) of another application (users) and no xs2a-kit schema`);
    expect(line).toContain('Nothing was written to it.');
    expect(await tables(db)).toEqual(['users']);
  });

  it('refuses a schema of a newer xs2a-kit and leaves it as it was', async () => {
    const db = await database('newer');
    const first = await serveProcess(certs, ['--data', db.url]);
    await stopServe(first);
    await db.sql('UPDATE xs2a_kit_schema SET version = 4');
    const before = (await db.sql('SELECT state::text AS state FROM xs2a_sandbox')).rows[0].state;
    const line = oneLine(await serve(db.url));
    expect(line).toMatch(/holds schema version 4 of a newer xs2a-kit \(this one runs version 3\); upgrade xs2a-kit/);
    expect((await db.sql('SELECT version FROM xs2a_kit_schema')).rows[0].version).toBe(4);
    expect((await db.sql('SELECT state::text AS state FROM xs2a_sandbox')).rows[0].state).toBe(before);
  });

  it.each([
    // Version 1 as its release laid it out: no activity table, no log of booking changes.
    [1, ['xs2a_activity', 'xs2a_bookings_changes'], ['shared']],
    // Version 2: no log of booking changes.
    // Version 2: no log of booking changes; its activity table is kept as it was (no provider called).
    [2, ['xs2a_bookings_changes'], []],
  ])(
    'moves a version %i schema to version 3 at its first start, keeping every record',
    async (version, absent, active) => {
      const db = await database(`upgrade_${version}`);
      const first = await serveProcess(certs, ['--data', db.url]);
      await stopServe(first);
      for (const table of absent) await db.sql(`DROP TABLE ${table}`);
      await db.sql(`UPDATE xs2a_kit_schema SET version = ${version}`);
      await db.sql(
        'INSERT INTO xs2a_records (world, kind, key, body) VALUES (\'shared\', \'providers\', \'PSDDE-BAFIN-000777\', \'{"organizationIdentifier":"PSDDE-BAFIN-000777","name":"Kept","roles":["PSP_AI"],"nca":"DE-BAFIN","registeredAt":"2026-01-01T00:00:00.000Z","updatedAt":"2026-01-01T00:00:00.000Z"}\')',
      );
      const second = await serveProcess(certs, ['--data', db.url]);
      try {
        expect((await db.sql('SELECT version FROM xs2a_kit_schema')).rows[0].version).toBe(3);
        expect((await db.sql('SELECT world FROM xs2a_activity')).rows.map((r) => r.world)).toEqual(active);
        expect((await db.sql('SELECT count(*)::int AS n FROM xs2a_bookings_changes')).rows[0].n).toBe(0);
        const providers = await fetch(`${second.controlUrl}/providers`);
        expect(JSON.stringify(await providers.json())).toContain('PSDDE-BAFIN-000777');
      } finally {
        await stopServe(second);
      }
    },
  );

  it('refuses a schema table that names another application', async () => {
    const db = await database('mark');
    const first = await serveProcess(certs, ['--data', db.url]);
    await stopServe(first);
    await db.sql("UPDATE xs2a_kit_schema SET application = 'other-app'");
    expect(oneLine(await serve(db.url))).toContain('has a table xs2a_kit_schema that does not name xs2a-kit');
  });

  it('shows the URL with its password masked in the ready banner', async () => {
    const db = await database('banner');
    const url = db.url.replace(`${PG.user}@`, `${PG.user}:hunter2@`);
    const server = await serveProcess(certs, ['--data', url]);
    try {
      expect(server.stdout()).toContain(`kept in ${url.replace('hunter2', '***')}`);
      expect(server.stdout()).not.toContain('hunter2');
      expect((await fetch(`${server.controlUrl}/clock`)).status).toBe(200);
      expect(server.stderr()).not.toContain('hunter2');
    } finally {
      await stopServe(server);
    }
  });
});
