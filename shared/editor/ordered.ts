// A keyed store that remembers where each entry stood, so that deleting an entry and putting
// it back (undo, or clearing a name and typing it again) restores the file's original order:
// a saved file then differs from the one that was opened only where the user actually
// changed something. A deleted key keeps its position, and takes it again when it returns.
export class OrderedMap<K, V> {
  private readonly values = new Map<K, V>();
  private readonly seqs = new Map<K, number>();
  private next = 0;

  static from<K, V>(entries: Iterable<readonly [K, V]>): OrderedMap<K, V> {
    const m = new OrderedMap<K, V>();
    for (const [k, v] of entries) m.set(k, v);
    return m;
  }

  get size(): number {
    return this.values.size;
  }

  has(key: K): boolean {
    return this.values.has(key);
  }

  get(key: K): V | undefined {
    return this.values.get(key);
  }

  /** The position key of an entry, for restoring it later with `set(key, value, seq)`. */
  seqOf(key: K): number | undefined {
    return this.values.has(key) ? this.seqs.get(key) : undefined;
  }

  /** Sets a value; a new key goes last unless an earlier position `seq` is given. */
  set(key: K, value: V, seq?: number): void {
    if (!this.values.has(key) || seq !== undefined) {
      const s = seq ?? this.seqs.get(key) ?? this.next;
      this.seqs.set(key, s);
      if (s >= this.next) this.next = s + 1;
    }
    this.values.set(key, value);
  }

  delete(key: K): boolean {
    return this.values.delete(key);
  }

  keys(): IterableIterator<K> {
    return this.values.keys();
  }

  entries(): IterableIterator<[K, V]> {
    return this.values.entries();
  }

  /** Entries in their remembered order. */
  ordered(): [K, V][] {
    const list = [...this.values.entries()];
    const seqs = this.seqs;
    list.sort((a, b) => seqs.get(a[0])! - seqs.get(b[0])!);
    return list;
  }

  /** A copy with the same positions (snapshots for whole-map commands). */
  clone(): OrderedMap<K, V> {
    const m = new OrderedMap<K, V>();
    for (const [k, v] of this.values) m.set(k, v, this.seqs.get(k));
    m.next = this.next;
    return m;
  }

  /** A copy with keys renamed (or dropped when `rename` returns null), positions kept. */
  mapKeys(rename: (key: K) => K | null): OrderedMap<K, V> {
    const m = new OrderedMap<K, V>();
    for (const [k, v] of this.values) {
      const nk = rename(k);
      if (nk !== null) m.set(nk, v, this.seqs.get(k));
    }
    m.next = Math.max(m.next, this.next);
    return m;
  }
}

/**
 * A Set (so views can use it as one) that also remembers each member's position, for the
 * same reason as OrderedMap: an edge removed and restored by undo is written back in place.
 */
export class OrderedSet<T> extends Set<T> {
  private seqs = new Map<T, number>();
  private next = 0;

  static of<T>(items: Iterable<T>): OrderedSet<T> {
    const s = new OrderedSet<T>();
    for (const item of items) s.add(item);
    return s;
  }

  seqOf(item: T): number | undefined {
    return super.has(item) ? this.seqs.get(item) : undefined;
  }

  override add(item: T): this {
    return this.addAt(item);
  }

  /** Adds an item at a remembered position (or last when none is given). */
  addAt(item: T, seq?: number): this {
    if (!super.has(item) || seq !== undefined) {
      const s = seq ?? this.seqs.get(item) ?? this.next;
      this.seqs.set(item, s);
      if (s >= this.next) this.next = s + 1;
    }
    return super.add(item);
  }

  override delete(item: T): boolean {
    return super.delete(item);
  }

  override clear(): void {
    this.seqs.clear();
    super.clear();
  }

  ordered(): T[] {
    const list = [...this];
    const seqs = this.seqs;
    list.sort((a, b) => seqs.get(a)! - seqs.get(b)!);
    return list;
  }

  /** A new empty set of the same kind (a subclass keeps its kind through cloneSet and mapItems). */
  protected empty(): OrderedSet<T> {
    return new OrderedSet<T>();
  }

  cloneSet(): OrderedSet<T> {
    return this.mapItems((x) => x);
  }

  /** A copy with members renamed (or dropped on null), positions kept. */
  mapItems(rename: (item: T) => T | null): OrderedSet<T> {
    const s = this.empty();
    for (const item of this) {
      const n = rename(item);
      if (n !== null) s.addAt(n, this.seqs.get(item));
    }
    s.next = Math.max(s.next, this.next);
    return s;
  }
}
