/**
 * One unit of work of the bank: every change a request makes to the store goes through here. Each
 * change is applied at once (so later steps of the same work read it) and logged with its inverse;
 * when the work throws or the store cannot be written, the log is undone and memory is exactly as
 * it was. Events and other effects are held back until the write succeeded.
 */
import type { BookingRecord, StoreData } from '../store/data.js';

/** Collections keyed by id. */
export type RecordCollection =
  | 'providers'
  | 'registerDecisions'
  | 'consents'
  | 'authorisations'
  | 'usage'
  | 'callbacks'
  | 'payments'
  | 'paymentKeys'
  | 'paymentsDue';
/** Collections kept in order. */
export type ListCollection = 'sms' | 'deliveries';

type ValueOf<C extends RecordCollection> = StoreData[C][string];
type ItemOf<L extends ListCollection> = StoreData[L][number];

/** What the work needs besides the data: the ledger index to keep in step with bookings. */
export interface LedgerIndex {
  add(record: BookingRecord): void;
  remove(record: BookingRecord): void;
  /** Drops an account's index, to be rebuilt from the store on next use (after an undo). */
  forget(iban: string): void;
}

export class UnitOfWork {
  readonly #undo: (() => void)[] = [];
  readonly #effects: (() => void)[] = [];
  /** Accounts whose ledger index a booking touched; made on the first booking. */
  #touchedIbans: Set<string> | undefined;
  #changed = false;

  constructor(
    readonly data: StoreData,
    private readonly ledgers: LedgerIndex,
  ) {}

  /** Whether anything was changed (a unit of work that changed nothing writes nothing). */
  get changed(): boolean {
    return this.#changed;
  }

  #log(undo: () => void): void {
    this.#changed = true;
    this.#undo.push(undo);
  }

  put<C extends RecordCollection>(collection: C, key: string, value: ValueOf<C>): void {
    const table = this.data[collection] as Record<string, ValueOf<C>>;
    const had = Object.hasOwn(table, key);
    const before = table[key];
    table[key] = value;
    this.#log(() => {
      if (had) table[key] = before as ValueOf<C>;
      else delete table[key];
    });
  }

  remove(collection: RecordCollection, key: string): void {
    const table = this.data[collection] as Record<string, unknown>;
    if (!Object.hasOwn(table, key)) return;
    const before = table[key];
    delete table[key];
    this.#log(() => {
      table[key] = before;
    });
  }

  /** Adds an item at the end of a list, or at its start (`first`), as the list is kept. */
  add<L extends ListCollection>(list: L, item: ItemOf<L>, where: 'first' | 'last' = 'last'): void {
    const items = this.data[list] as ItemOf<L>[];
    if (where === 'first') items.unshift(item);
    else items.push(item);
    this.#log(() => {
      if (where === 'first') items.shift();
      else items.pop();
    });
  }

  replaceAt<L extends ListCollection>(list: L, index: number, item: ItemOf<L>): void {
    const items = this.data[list] as ItemOf<L>[];
    const before = items[index];
    if (before === undefined) return;
    items[index] = item;
    this.#log(() => {
      items[index] = before;
    });
  }

  /** A new booking: kept in the store and in the account's ledger index. */
  book(record: BookingRecord): void {
    this.data.bookings.push(record);
    (this.#touchedIbans ??= new Set()).add(record.iban);
    this.ledgers.add(record);
    this.#log(() => {
      this.data.bookings.pop();
    });
  }

  /** A pending booking leaves the ledger (settled, rejected, cancelled): marked, never deleted, so its seq stays spent. */
  unbook(record: BookingRecord, at: string): void {
    const before = record.removedAt;
    record.removedAt = at;
    (this.#touchedIbans ??= new Set()).add(record.iban);
    this.ledgers.remove(record);
    this.#log(() => {
      if (before === undefined) delete record.removedAt;
      else record.removedAt = before;
    });
  }

  /** A change outside the data (the clock's offset): applied now, undone with the rest. */
  change(apply: () => void, undo: () => void): void {
    apply();
    this.#log(undo);
  }

  /** Runs once the write succeeded: events, callbacks to dispatch. */
  afterCommit(effect: () => void): void {
    this.#effects.push(effect);
  }

  /** Takes every change back, newest first; indexes of touched accounts are rebuilt from the store. */
  rollback(): void {
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
