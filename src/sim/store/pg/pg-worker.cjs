/**
 * The PostgreSQL connection of a sandbox process, on a worker thread (pg-sync.ts starts it). The
 * store boundary is synchronous (a unit of work reads, decides and stages its changes without
 * waiting), so the main thread hands each call here and blocks until its answer: this thread runs
 * node-postgres's asynchronous pool, posts the answer on the port, then wakes the main thread
 * through the shared signal. CommonJS, plain JavaScript: a worker loads a file, not a module graph.
 *
 * Calls: `query` (autocommit, any connection of the pool), `begin` (takes a connection for a
 * transaction and runs its opening statements), `tx` (a statement in that transaction), `commit`
 * (its last statements, then COMMIT), `rollback`, `close`.
 */
'use strict';
const { workerData } = require('node:worker_threads');
// The driver is resolved by the main thread (the package's own node_modules) and handed over.
const pg = require(workerData.driver);

const signal = new Int32Array(workerData.signal);
const port = workerData.port;
const pool = new pg.Pool({
  connectionString: workerData.url,
  max: 2,
  connectionTimeoutMillis: workerData.connectTimeoutMs,
  idleTimeoutMillis: 30_000,
  query_timeout: workerData.queryTimeoutMs,
  application_name: 'xs2a-kit',
});
// An idle connection that breaks (the server restarted) is dropped by the pool; the next call opens another.
pool.on('error', () => undefined);
// A connection that breaks while a transaction holds it fails that call; the error must not end the thread.
pool.on('connect', (client) => client.on('error', () => undefined));

/** The connection of the open transaction, if any. */
let held;

function describe(error) {
  return {
    message: error && error.message ? String(error.message) : String(error),
    code: error && typeof error.code === 'string' ? error.code : undefined,
  };
}

function answer(message) {
  port.postMessage(message);
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
}

/**
 * Statement names by text. A statement with parameters runs as a named prepared statement: each
 * connection parses and plans it once instead of at every call (the store sends a few dozen texts,
 * tens of thousands of times). A text beyond the bound (none the store writes) runs unnamed.
 */
const names = new Map();
const MOST_NAMES = 200;

function prepared(sql, params) {
  if (!params || params.length === 0) return { text: sql };
  let name = names.get(sql);
  if (name === undefined && names.size < MOST_NAMES) names.set(sql, (name = `xs2a_${names.size + 1}`));
  return name === undefined ? { text: sql, values: params } : { name, text: sql, values: params };
}

async function run(statements, client) {
  let last;
  for (const { sql, params } of statements) last = await client.query(prepared(sql, params));
  return last ? { rows: last.rows, rowCount: last.rowCount } : { rows: [], rowCount: 0 };
}

/** Gives the transaction's connection back; one that failed is destroyed, never reused. */
function release(error) {
  const client = held;
  held = undefined;
  if (client) client.release(error);
}

async function handle(call) {
  switch (call.op) {
    case 'query':
      return run(call.statements, pool);
    case 'begin': {
      if (held) release(new Error('a transaction was left open'));
      held = await pool.connect();
      const client = held;
      try {
        await client.query('BEGIN');
        return await run(call.statements, client);
      } catch (error) {
        release(error);
        throw error;
      }
    }
    case 'tx':
    case 'commit': {
      if (!held) throw Object.assign(new Error('no transaction is open'), { code: 'XS2A_NO_TX' });
      try {
        const result = await run(call.statements, held);
        if (call.op === 'commit') {
          await held.query('COMMIT');
          release();
        }
        return result;
      } catch (error) {
        release(error);
        throw error;
      }
    }
    case 'rollback': {
      if (!held) return { rows: [], rowCount: 0 };
      try {
        await held.query('ROLLBACK');
        release();
      } catch (error) {
        release(error);
      }
      return { rows: [], rowCount: 0 };
    }
    case 'close':
      release();
      await pool.end();
      return { rows: [], rowCount: 0 };
    default:
      throw new Error(`unknown call ${call.op}`);
  }
}

port.on('message', (call) => {
  handle(call).then(
    (result) => answer({ id: call.id, result }),
    (error) => answer({ id: call.id, error: describe(error) }),
  );
});
