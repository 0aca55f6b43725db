/**
 * A synchronous PostgreSQL connection for the store boundary. The bank's unit of work is
 * synchronous by design (nothing is awaited between its first read and its last change: that is
 * what makes a decision over what it read safe), and the memory and SQLite stores answer at once.
 * To keep that one boundary, the PostgreSQL store hands each call to a worker thread that runs
 * node-postgres's pool (pg-worker.cjs) and blocks this thread until the answer is posted back: a
 * process then does one unit of work at a time, each a few round trips, and several processes behind
 * a load balancer are what serves many requests at once (docs/hosting.md).
 *
 * A call that cannot reach the database throws StoreUnavailableError (the request answers 503 with
 * Retry-After); after such a failure, calls fail at once for a short pause instead of each waiting
 * for a connection timeout, and the next call after it tries again: the sandbox serves again by
 * itself when the database is back.
 */
import { createRequire } from 'node:module';
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { StoreConflictError, StoreUnavailableError } from '../records.js';
import { describeDatabase } from './pg-url.js';

export interface Statement {
  sql: string;
  params?: readonly unknown[];
}

export interface QueryResult {
  rows: Record<string, unknown>[];
  rowCount: number | null;
}

export interface SyncPg {
  /** Statements in autocommit, on any connection of the pool; answers the last one's result. */
  query(...statements: Statement[]): QueryResult;
  /** Takes a connection, BEGIN, then the statements (a lock, a read): answers the last one's result. */
  begin(...statements: Statement[]): QueryResult;
  /** Statements inside the open transaction. */
  tx(...statements: Statement[]): QueryResult;
  /** The last statements of the open transaction, then COMMIT. */
  commit(...statements: Statement[]): QueryResult;
  rollback(): void;
  close(): void;
}

type Call = { op: 'query' | 'begin' | 'tx' | 'commit' | 'rollback' | 'close'; statements: Statement[] };

/** SQLSTATEs of a conflict between transactions, retried by the bank: serialisation, deadlock, a key taken meanwhile. */
const CONFLICTS = new Set(['40001', '40P01', '23505']);
/** SQLSTATE classes of a database that cannot be reached or is going away: connection (08), shutdown (57P0x), too many connections. */
const UNAVAILABLE = /^(08|57P0|53300)/;
/** Node's own codes of a socket that could not be opened or broke. */
const SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** How long calls fail at once after the database could not be reached. */
const PAUSE_MS = 500;

function unreachable(code: string | undefined, message: string): boolean {
  if (code !== undefined && (UNAVAILABLE.test(code) || SOCKET.has(code))) return true;
  // node-postgres reports a dropped connection and its own timeouts by message only.
  return /Connection terminated|timeout|Connection ended|not queryable|ECONNREFUSED|ECONNRESET/i.test(message);
}

export function openSyncPg(url: string, options: { connectTimeoutMs?: number; queryTimeoutMs?: number } = {}): SyncPg {
  const connectTimeoutMs = options.connectTimeoutMs ?? 3000;
  const queryTimeoutMs = options.queryTimeoutMs ?? 15_000;
  const where = describeDatabase(url);
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  const driver = createRequire(import.meta.url).resolve('pg');
  const worker = new Worker(new URL('./pg-worker.cjs', import.meta.url), {
    workerData: { url, signal: signal.buffer, port: port2, driver, connectTimeoutMs, queryTimeoutMs },
    transferList: [port2],
  });
  // The worker never keeps the process alive on its own: close() ends it, and so does the process.
  worker.unref();
  port1.unref();
  let nextId = 0;
  let pausedUntil = 0;
  let closed = false;

  function call(message: Call): QueryResult {
    if (closed) throw new StoreUnavailableError(`The database ${where} is closed.`);
    if (Date.now() < pausedUntil && message.op !== 'rollback')
      throw new StoreUnavailableError(`The database ${where} cannot be reached.`);
    const id = ++nextId;
    Atomics.store(signal, 0, 0);
    port1.postMessage({ id, ...message });
    // Longer than any timeout the worker's pool applies, so the worker answers first.
    const deadline = Date.now() + connectTimeoutMs + queryTimeoutMs * Math.max(1, message.statements.length) + 1000;
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0 || Atomics.wait(signal, 0, 0, left) === 'timed-out') {
        pausedUntil = Date.now() + PAUSE_MS;
        throw new StoreUnavailableError(`The database ${where} did not answer in time.`);
      }
      Atomics.store(signal, 0, 0);
      // Answers to calls given up on (timed out) are read and dropped here.
      for (let got = receiveMessageOnPort(port1); got; got = receiveMessageOnPort(port1)) {
        const answer = got.message as {
          id: number;
          result?: QueryResult;
          error?: { message: string; code?: string };
        };
        if (answer.id !== id) continue;
        if (!answer.error) return answer.result!;
        const { code, message: text } = answer.error;
        if (code !== undefined && CONFLICTS.has(code)) throw new StoreConflictError(`${code}: ${text}`);
        if (unreachable(code, text)) {
          pausedUntil = Date.now() + PAUSE_MS;
          throw new StoreUnavailableError(`The database ${where} cannot be reached: ${text}`);
        }
        throw Object.assign(new Error(text), { code });
      }
    }
  }

  return {
    query: (...statements) => call({ op: 'query', statements }),
    begin: (...statements) => call({ op: 'begin', statements }),
    tx: (...statements) => call({ op: 'tx', statements }),
    commit: (...statements) => call({ op: 'commit', statements }),
    rollback() {
      try {
        call({ op: 'rollback', statements: [] });
      } catch {
        // A connection that broke has no transaction left to roll back.
      }
    },
    close() {
      if (closed) return;
      try {
        call({ op: 'close', statements: [] });
      } catch {
        // Closing a pool whose server is gone: nothing is left to release.
      } finally {
        closed = true;
        void worker.terminate();
        port1.close();
      }
    },
  };
}
