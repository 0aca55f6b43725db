/**
 * One unit of work of the bank: every change a request makes goes through here, into the one store
 * transaction it holds. Reads go to the store (ctx.store), which answers with the changes made so
 * far. Changes outside the store (the clock's offset, the seeded world) are applied at once and
 * logged with their inverse. When the work throws or the store cannot be written, the transaction
 * is rolled back and the log undone: memory is exactly as it was. Events and other effects are
 * held back until the commit succeeded.
 */
import { bookingKey, type Kind, type RecordKinds } from '../store/kinds.js';
import type { BookingRecord } from '../store/data.js';
import type { SandboxState, Store, StoreTransaction } from '../store/records.js';

/** What the work needs besides the store: the ledger index to keep in step with bookings. */
export interface LedgerIndex {
  add(record: BookingRecord): void;
  remove(record: BookingRecord): void;
  /** Drops an account's index, to be rebuilt from the store on next use (after an undo). */
  forget(iban: string): void;
}

export class UnitOfWork {
  readonly #tx: StoreTransaction;
  readonly #undo: (() => void)[] = [];
  readonly #effects: (() => void)[] = [];
  /** Accounts whose ledger index a booking touched; made on the first booking. */
  #touchedIbans: Set<string> | undefined;

  readonly #ledgerIndex: () => LedgerIndex;
  #ledgers: LedgerIndex | undefined;
  /** Records this work adds, less those it removes (counted only for a records quota: each costs a read). */
  #added = 0;
  /** The work emptied the store (a reset): what it held before no longer counts. */
  #cleared = false;

  /**
   * Begins the store's transaction. The ledger index is asked for at its first use, not here: a
   * shared store's unit of work first catches up with other processes (the bank's sync), which may
   * have rebuilt it.
   */
  constructor(
    private readonly store: Store,
    ledgers: () => LedgerIndex,
    /** Whether to count the records added (a records quota is set). */
    private readonly counting = false,
  ) {
    this.#tx = store.begin();
    this.#ledgerIndex = ledgers;
  }

  private get ledgers(): LedgerIndex {
    return (this.#ledgers ??= this.#ledgerIndex());
  }

  put<K extends Kind>(kind: K, key: string, record: RecordKinds[K]): void {
    if (this.counting && this.store.get(kind, key) === undefined) this.#added += 1;
    this.#tx.put(kind, key, record);
  }

  remove(kind: Kind, key: string): void {
    if (this.counting && this.store.get(kind, key) !== undefined) this.#added -= 1;
    this.#tx.remove(kind, key);
  }

  /**
   * How many records the store holds once this work is committed, given how many it held when the
   * work began (`held`).
   */
  recordsAfter(held: number): number {
    return (this.#cleared ? 0 : held) + this.#added;
  }

  /** Whether the work adds records (more than it removes). */
  get addsRecords(): boolean {
    return this.#added > 0;
  }

  /** Changes some of the sandbox's own facts (the clock's offset). */
  setState(change: Partial<SandboxState>): void {
    this.#tx.setState({ ...this.store.state(), ...change });
  }

  /** Every record goes, and the state is `state` (a sandbox reset). */
  clear(state: SandboxState): void {
    this.#tx.clear(state);
    this.#cleared = true;
    this.#added = 0;
  }

  /** A new booking: kept in the store and in the account's ledger index. */
  book(record: BookingRecord): void {
    // A booking's key (its account and seq) is always new.
    if (this.counting) this.#added += 1;
    this.#tx.put('bookings', bookingKey(record), record);
    (this.#touchedIbans ??= new Set()).add(record.iban);
    this.ledgers.add(record);
  }

  /** A pending booking leaves the ledger (settled, rejected, cancelled): marked, never deleted, so its seq stays spent. */
  unbook(record: BookingRecord, at: string): void {
    const removed = { ...record, removedAt: at };
    this.#tx.put('bookings', bookingKey(removed), removed);
    (this.#touchedIbans ??= new Set()).add(record.iban);
    this.ledgers.remove(removed);
  }

  /** A change outside the store (the clock's offset, the world): applied now, undone with the rest. */
  change(apply: () => void, undo: () => void): void {
    apply();
    this.#undo.push(undo);
  }

  /** Runs once the commit succeeded: events, callbacks to dispatch. */
  afterCommit(effect: () => void): void {
    this.#effects.push(effect);
  }

  /** Makes the changes durable (the bank calls it once, after the work). */
  commit(): Promise<void> | undefined {
    return this.#tx.commit();
  }

  /** Takes every change back, newest first; indexes of touched accounts are rebuilt from the store. */
  rollback(): void {
    this.#tx.rollback();
    for (const undo of this.#undo.reverse()) undo();
    this.#undo.length = 0;
    this.#effects.length = 0;
    for (const iban of this.#touchedIbans ?? []) this.ledgers.forget(iban);
  }

  /** The held-back effects, in the order they were asked for; one that throws does not stop the others. */
  runEffects(onError: (error: unknown) => void): void {
    for (const effect of this.#effects) {
      try {
        effect();
      } catch (error) {
        onError(error);
      }
    }
  }
}
