/**
 * The in-memory store's indexes: keys by value (equality), and keys sorted by a number, then by key
 * (ordered: what is due by an instant, the next one due). Both hold keys only; the records stay in
 * their kind's table.
 */

export class EqualityIndex {
  readonly #keys = new Map<string, Set<string>>();

  add(value: string, key: string): void {
    const keys = this.#keys.get(value);
    if (keys) keys.add(key);
    else this.#keys.set(value, new Set([key]));
  }

  delete(value: string, key: string): void {
    const keys = this.#keys.get(value);
    if (!keys) return;
    keys.delete(key);
    if (keys.size === 0) this.#keys.delete(value);
  }

  keys(value: string): Iterable<string> {
    return this.#keys.get(value) ?? [];
  }
}

interface Entry {
  value: number;
  key: string;
}

const before = (a: Entry, b: Entry) => a.value < b.value || (a.value === b.value && a.key < b.key);

export class OrderedIndex {
  readonly #entries: Entry[] = [];

  /** Where `entry` is or would go: the first position not before it. */
  #position(entry: Entry): number {
    let low = 0;
    let high = this.#entries.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (before(this.#entries[middle]!, entry)) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  add(value: number, key: string): void {
    const entry = { value, key };
    this.#entries.splice(this.#position(entry), 0, entry);
  }

  delete(value: number, key: string): void {
    const at = this.#position({ value, key });
    const found = this.#entries[at];
    if (found && found.value === value && found.key === key) this.#entries.splice(at, 1);
  }

  /** Keys whose value is at most `max`, lowest first. */
  *upTo(max: number): Iterable<string> {
    for (const entry of this.#entries) {
      if (entry.value > max) return;
      yield entry.key;
    }
  }

  earliest(): number | undefined {
    return this.#entries[0]?.value;
  }
}
