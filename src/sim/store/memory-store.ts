/**
 * The store without --data: one Map per kind and the indexes of kinds.ts as Maps and sorted lists.
 * A transaction changes them at once (so the unit of work reads its own changes) and logs each
 * change's inverse; rollback replays the log backwards, commit forgets it. Nothing is awaited.
 */
import { EqualityIndex, OrderedIndex } from './memory-index.js';
import { indexesOf, KINDS, type EqualityIndex as EqualityName, type IndexPlan, type Kind } from './kinds.js';
import type { OrderedIndex as OrderedName, RecordKinds } from './kinds.js';
import type { SandboxState, Store, StoreTransaction } from './records.js';

interface Tables {
  records: Record<Kind, Map<string, unknown>>;
  equality: Map<string, EqualityIndex>;
  ordered: Map<string, OrderedIndex>;
}

const PLANS = Object.fromEntries(KINDS.map((kind) => [kind, indexesOf(kind)])) as Record<Kind, IndexPlan[]>;

function emptyTables(): Tables {
  const tables: Tables = {
    records: Object.fromEntries(KINDS.map((kind) => [kind, new Map()])) as Tables['records'],
    equality: new Map(),
    ordered: new Map(),
  };
  for (const plan of Object.values(PLANS).flat()) {
    if (plan.ordered) tables.ordered.set(plan.id, new OrderedIndex());
    else tables.equality.set(plan.id, new EqualityIndex());
  }
  return tables;
}

/** Moves `key` from the index values of `from` to those of `to` (undefined: no record). */
function reindex(tables: Tables, kind: Kind, key: string, from: unknown, to: unknown): void {
  for (const plan of PLANS[kind]) {
    const old = from === undefined ? undefined : plan.derive(from);
    const value = to === undefined ? undefined : plan.derive(to);
    if (old === value) continue;
    if (plan.ordered) {
      const index = tables.ordered.get(plan.id)!;
      if (old !== undefined) index.delete(old as number, key);
      if (value !== undefined) index.add(value as number, key);
    } else {
      const index = tables.equality.get(plan.id)!;
      if (old !== undefined) index.delete(old as string, key);
      if (value !== undefined) index.add(value as string, key);
    }
  }
}

export function memoryStore(initial: SandboxState): Store {
  let tables = emptyTables();
  let state = initial;
  let open = false;

  const table = <K extends Kind>(kind: K) => tables.records[kind] as Map<string, RecordKinds[K]>;

  function begin(): StoreTransaction {
    if (open) throw new Error('A store transaction is already open.');
    open = true;
    const undo: (() => void)[] = [];
    const put = (kind: Kind, key: string, record: unknown) => {
      const records = tables.records[kind];
      const had = records.has(key);
      const previous = records.get(key);
      records.set(key, record);
      reindex(tables, kind, key, previous, record);
      undo.push(() => {
        if (had) records.set(key, previous);
        else records.delete(key);
        reindex(tables, kind, key, record, previous);
      });
    };
    return {
      put,
      remove(kind, key) {
        const records = tables.records[kind];
        if (!records.has(key)) return;
        const previous = records.get(key);
        records.delete(key);
        reindex(tables, kind, key, previous, undefined);
        undo.push(() => {
          records.set(key, previous);
          reindex(tables, kind, key, undefined, previous);
        });
      },
      setState(next) {
        const previous = state;
        state = next;
        undo.push(() => (state = previous));
      },
      clear(next) {
        const previous = { tables, state };
        tables = emptyTables();
        state = next;
        undo.push(() => ({ tables, state } = previous));
      },
      commit() {
        undo.length = 0;
        open = false;
        return undefined;
      },
      rollback() {
        for (let i = undo.length - 1; i >= 0; i--) undo[i]!();
        undo.length = 0;
        open = false;
      },
    };
  }

  return {
    file: undefined,
    shared: false,
    sharedFaults: undefined,
    log: undefined,
    sync: () => ({ state, bookingsChanged: undefined }),
    get: (kind, key) => table(kind).get(key),
    getMany(kind, keys) {
      const records = table(kind);
      return keys.map((key) => records.get(key));
    },
    find(kind, index: EqualityName<typeof kind>, value) {
      const records = table(kind);
      return [...tables.equality.get(`${kind}.${index}`)!.keys(value)].map((key) => records.get(key)!);
    },
    upTo(kind, index: OrderedName<typeof kind>, max) {
      const records = table(kind);
      return [...tables.ordered.get(`${kind}.${index}`)!.upTo(max)].map((key) => [key, records.get(key)!]);
    },
    earliest: (kind, index) => tables.ordered.get(`${kind}.${String(index)}`)!.earliest(),
    all: (kind) => [...table(kind).values()],
    state: () => state,
    count: () => Object.values(tables.records).reduce((sum, records) => sum + records.size, 0),
    begin,
    close() {},
  };
}
