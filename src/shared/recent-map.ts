// A Map that keeps at most `max` entries, dropping the least recently used: small enough for the
// browser's first load, for caches that hold a handful of time zones or scroll positions.

export class RecentMap<K, V> {
  private readonly map = new Map<K, V>();
  /** The most recently used key: asking for it again needs no reordering (the common case). */
  private newest: K | undefined;

  constructor(private readonly max: number) {}

  get size(): number {
    return this.map.size;
  }

  has(key: K): boolean {
    return this.map.has(key);
  }

  /** The value, now the most recently used. */
  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined && key !== this.newest) {
      this.newest = key;
      // A Map iterates in insertion order: re-inserting moves the key to the recent end.
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  /** The entries, least recently used first (to save them; reading does not reorder). */
  entries(): IterableIterator<[K, V]> {
    return this.map.entries();
  }

  set(key: K, value: V): void {
    this.newest = key;
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) {
      const oldest = this.map.keys().next();
      if (!oldest.done) this.map.delete(oldest.value);
    }
  }
}
