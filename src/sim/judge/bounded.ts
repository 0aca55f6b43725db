/**
 * A Map that keeps at most `limit` entries, dropping the least recently written: the client
 * judge remembers only so much per provider, so a client that runs for days costs bounded memory.
 */
export class BoundedMap<K, V> {
  readonly #entries = new Map<K, V>();
  /**
   * The oldest entry is found by one iterator kept for the map's life, not a new `keys()` each time:
   * a Map keeps a deleted entry's slot until it is rebuilt, and a new iterator walks every such slot
   * from the start (thousands in a full map of ids, on every request). A live iterator goes on from
   * where it stopped, and an entry written again is met again at its new place, so the order of
   * eviction stays the order of writing.
   */
  #oldest: Iterator<K> = this.#entries.keys();
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
    // Every live entry was written after the ones the iterator has passed, so it never runs out here.
    if (this.#entries.size > this.limit) this.#entries.delete(this.#oldest.next().value as K);
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
