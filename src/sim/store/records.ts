/**
 * The store boundary: what the bank and the services may ask of any store, in memory (Maps) or in a
 * data file (SQLite), and what a client-server database would have to answer (docs/architecture.md,
 * "The store boundary"). Records are plain JSON data, found by kind and key or through the indexes of
 * kinds.ts; every change is made in the one transaction of a unit of work of the bank, which commits
 * it whole or not at all. A record read is never changed in place: a change is a put of a new one.
 */
import type { ChosenProfile } from '../profile-choice.js';
import type { BookingRecord } from './data.js';
import type { EqualityIndex, Kind, OrderedIndex, RecordKinds } from './kinds.js';

/** The sandbox's own facts kept with the records. */
export interface SandboxState {
  /** Sandbox clock offset from real time, so a restart with --data keeps sandbox time. */
  clockOffsetMs: number;
  /** UTC day the seeded histories end on (their dates are relative to it). */
  seedAnchor: string;
  /** Key the callback secrets are derived from (HMAC over the registration); made with the store. */
  callbackKey: string;
  /** The bank profile chosen while the sandbox runs (`PUT /sandbox/profile`), over the one it started with. */
  profile?: ChosenProfile | undefined;
}

/** Reads. While a unit of work is deciding, they see its changes; otherwise what was committed. */
export interface Records {
  get<K extends Kind>(kind: K, key: string): RecordKinds[K] | undefined;
  /**
   * The records of a kind under each key, in the order of `keys` (undefined where none): one read
   * where a store answers over a connection, so a list that needs each item's companion record
   * (every payment's authorisation) costs one round trip, not one per item.
   */
  getMany<K extends Kind>(kind: K, keys: readonly string[]): (RecordKinds[K] | undefined)[];
  /** The records an equality index holds under `value`, in no particular order. */
  find<K extends Kind>(kind: K, index: EqualityIndex<K>, value: string): RecordKinds[K][];
  /** The keys and records an ordered index holds at `max` or below, lowest first (equal values by key). */
  upTo<K extends Kind>(kind: K, index: OrderedIndex<K>, max: number): [string, RecordKinds[K]][];
  /** The lowest value an ordered index holds, or undefined when it holds none. */
  earliest<K extends Kind>(kind: K, index: OrderedIndex<K>): number | undefined;
  /** Every record of a kind, in the order they were first stored: for the control API's lists. */
  all<K extends Kind>(kind: K): RecordKinds[K][];
  state(): SandboxState;
}

/** The changes of one unit of work; only the bank opens one, one at a time. */
export interface StoreTransaction {
  put<K extends Kind>(kind: K, key: string, record: RecordKinds[K]): void;
  remove(kind: Kind, key: string): void;
  setState(state: SandboxState): void;
  /** Every record of every kind goes, and the state is `state` (a sandbox reset). */
  clear(state: SandboxState): void;
  /**
   * Makes every change durable at once. Synchronous where the engine is (memory, SQLite: no
   * promise); a client-server database answers a promise. Throws StoreWriteError, after which
   * nothing of the transaction is kept.
   */
  commit(): Promise<void> | undefined;
  /** Takes every change back. */
  rollback(): void;
}

/**
 * A value every process of a shared store reads and changes as one (the fault rules, with their
 * counts and random streams): `read` answers it as this process last caught up with it (at the
 * request's arrival), `update` changes it atomically, under the sandbox's lock.
 */
export interface SharedValue {
  read(): unknown;
  update(change: (current: unknown) => unknown): unknown;
}

/** One event of a shared store's log (feed.ts): `seq` orders the events of every process. */
export interface LoggedEvent {
  seq: number;
  name: string;
  body: unknown;
}

/** The events every process of a shared store publishes for the others (the journal's and the client judge's input). */
export interface SharedLog {
  append(name: string, body: unknown): void;
  /** The events after `seq`, oldest first, at most `limit`. */
  since(seq: number, limit: number): LoggedEvent[];
}

/** What a shared store answers at the start of a request or a unit of work (Store.sync). */
export interface SharedFacts {
  /** The sandbox's facts as committed: the clock's offset moved by any process. */
  state: SandboxState;
  /**
   * What other processes booked or unbooked since this process last looked: nothing (undefined);
   * the bookings they wrote, as stored now, for the ledger index to follow; or `all` when that
   * cannot be told (a reset, a world started over, changes older than the store keeps): the index
   * is then stale as a whole.
   */
  bookingsChanged: readonly BookingRecord[] | 'all' | undefined;
}

export interface Store extends Records {
  /** The data file, or the database (without its password), or undefined in memory. */
  readonly file: string | undefined;
  /**
   * Whether other processes write the same records (PostgreSQL): nothing this process keeps beside
   * the store (the clock's offset, the ledger index) may then be trusted across requests.
   */
  readonly shared: boolean;
  /**
   * The committed facts, read afresh (inside a unit of work: as its transaction read them, under
   * its lock). Memory and SQLite answer their own state, never stale: one process writes them.
   */
  sync(): SharedFacts;
  /** The fault rules of a shared store (faults/injector.ts); undefined where one process keeps them itself. */
  readonly sharedFaults: SharedValue | undefined;
  /** The event log of a shared store (feed.ts); undefined where one process sees every event itself. */
  readonly log: SharedLog | undefined;
  /**
   * How many records the store holds, of every kind, as committed (the bank asks at the start of a
   * unit of work, before any change, when a records quota is set).
   */
  count(): number;
  begin(): StoreTransaction;
  /** Releases the data file (its lock and write-ahead log); nothing may be read or written after. */
  close(): void;
}

/** The store could not be written; the request answers 500 and nothing of it stays. */
export class StoreWriteError extends Error {}

/**
 * The database cannot be reached (down, restarting, the connection broke mid-transaction): the
 * request answers 503 with Retry-After, a retryable failure (spec "Errors" rule 2), and nothing of
 * it stays. The sandbox serves again by itself once the database answers.
 */
export class StoreUnavailableError extends StoreWriteError {}

/** Another process changed what this unit of work read or wrote meanwhile: the bank runs the work again. */
export class StoreConflictError extends StoreWriteError {}
