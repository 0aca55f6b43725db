/**
 * A Map that keeps at most `limit` entries, dropping the least recently written: the client
 * judge remembers only so much per provider, so a client that runs for days costs bounded memory.
 */
export class BoundedMap<K, V> {
  readonly #entries = new Map<K, V>();
  constructor(readonly limit: number) {}

  get(key: K): V | undefined {
    return this.#entries.get(key);
  }

  has(key: K): boolean {
    return this.#entries.has(key);
  }

  /** Writes the entry as the newest; the oldest goes when the map is full. */
  set(key: K, value: V): this {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.limit) this.#entries.delete(this.#entries.keys().next().value as K);
    return this;
  }

  delete(key: K): boolean {
    return this.#entries.delete(key);
  }

  values(): IterableIterator<V> {
    return this.#entries.values();
  }

  entries(): IterableIterator<[K, V]> {
    return this.#entries.entries();
  }

  get size(): number {
    return this.#entries.size;
  }
}
