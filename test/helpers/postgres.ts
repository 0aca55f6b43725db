/**
 * A PostgreSQL database of a test's own: created on the server the machine runs (127.0.0.1:5432,
 * trust authentication; PG_HOST/PG_PORT/PG_USER name another), dropped by `drop()`. Never shared with
 * another file or run: its name carries the process id and a random part. Without a server the
 * tests that need one fail with one line saying so (CI has one: .ci/run starts it).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const PG = {
  host: process.env.PG_HOST ?? '127.0.0.1',
  port: Number(process.env.PG_PORT ?? 5432),
  user: process.env.PG_USER ?? 'postgres',
};

export interface TestDatabase {
  name: string;
  /** postgresql://USER@HOST:PORT/NAME */
  url: string;
  /** Runs SQL on the test database (a fresh connection each time). */
  sql(text: string, params?: unknown[]): Promise<pg.QueryResult>;
  drop(): Promise<void>;
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ ...PG, database: 'postgres', connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${PG.host}:${PG.port} (${(error as Error).message}): the hosted-mode tests need it (start it: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start).`,
      { cause: error },
    );
  }
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function createDatabase(label: string): Promise<TestDatabase> {
  const name = `xs2a_test_${label.replace(/\W/g, '_')}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin(async (client) => {
    await client.query(`CREATE DATABASE ${name}`);
    // A commit waits for nothing but the server's memory: what a test checks of a commit never
    // depends on the database's disk surviving a crash of the machine, and each commit's flush cost
    // milliseconds of every request of the catalogue runs.
    await client.query(`ALTER DATABASE ${name} SET synchronous_commit TO off`);
  });
  const url = `postgresql://${PG.user}@${PG.host}:${PG.port}/${name}`;
  return {
    name,
    url,
    async sql(text, params) {
      const client = new pg.Client({ ...PG, database: name });
      await client.connect();
      try {
        return await client.query(text, params);
      } finally {
        await client.end();
      }
    },
    drop: () => admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}
