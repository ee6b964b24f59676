// A value index over a column its owner keeps anyway (the document table's UID, id and sortable
// title; the term dictionary's terms, one document each: term numbers): value ->
// documents, for values that are mostly one document's. A Map of a value per document cost ~36 B
// per document (its entries and their slack), one per index; this keeps document numbers only, in
// an open-addressing table of int32 (linear probing, 8-16 B per document), and finds a value's
// documents by reading the column. A value held by more than FEW documents (ids like `image` in
// many folders) moves to an ordinary ValueIndex, so that no probe run grows with a value's count.
// The caller keeps the column in step: a document's value is in the column before it is added and
// until it is removed (DocTable.put posts before it writes its columns, and reads the old value).
import { postingForEach, ValueIndex, type Posting } from './postings.ts';
import { PROCESS_SEED, seededHash } from '../lib/seeded-hash.ts';

/** Documents of one value kept in the table; one more moves the value to the overflow index. */
const FEW = 4;
const EMPTY = -1;

/** The slot hash of a value: seeded per process (the values are the callers'). */
const hash = (key: string): number => seededHash(key, PROCESS_SEED);

export class ColumnIndex {
  private slots = new Int32Array(64).fill(EMPTY);
  private mask = 63;
  private used = 0;
  /** values of more than FEW documents */
  private readonly overflow = new ValueIndex();

  /** `valueOf(d)`: document d's value in the column (undefined: none). */
  constructor(private readonly valueOf: (doc: number) => string | undefined) {}

  /** Number of documents in the table (tests). */
  get size(): number {
    return this.used;
  }

  add(key: string, d: number): void {
    if (this.overflow.get(key) !== undefined) return this.overflow.add(key, d);
    // room first: a resize reads the column of every document in the table, and `d`'s value may
    // not be in its column yet
    if ((this.used + 1) * 2 > this.slots.length) this.resize(this.slots.length * 2);
    let count = 0;
    let i = hash(key) & this.mask;
    for (let s = this.slots[i]; s !== EMPTY; i = (i + 1) & this.mask, s = this.slots[i]) {
      if (this.valueOf(s) !== key) continue;
      if (s === d) return;
      count++;
    }
    if (count >= FEW) {
      for (const doc of this.docs(key)) {
        this.overflow.add(key, doc);
        this.unset(key, doc);
      }
      this.overflow.add(key, d);
      return;
    }
    this.slots[i] = d;
    this.used++;
  }

  remove(key: string, d: number): void {
    if (this.overflow.get(key) !== undefined) return this.overflow.remove(key, d);
    this.unset(key, d);
  }

  /** The documents of `key`: a document number, a Set of them, or the overflow's posting. */
  get(key: string): Posting | undefined {
    const over = this.overflow.get(key);
    if (over !== undefined) return over;
    const docs = this.docs(key);
    return docs.length === 0 ? undefined : docs.length === 1 ? docs[0] : new Set(docs);
  }

  /** A document of `key`, if any (a UID's one document): nothing allocated. */
  first(key: string): number | undefined {
    const over = this.overflow.get(key);
    if (over !== undefined) {
      let found: number | undefined;
      postingForEach(over, (d) => (found ??= d));
      return found;
    }
    for (let i = hash(key) & this.mask, s = this.slots[i]; s !== EMPTY; i = (i + 1) & this.mask, s = this.slots[i]) {
      if (this.valueOf(s) === key) return s;
    }
    return undefined;
  }

  /** Every value with a document (each once). */
  *keys(): Generator<string> {
    const seen = new Set<string>();
    for (const d of this.slots) {
      if (d === EMPTY) continue;
      const key = this.valueOf(d);
      if (key !== undefined && !seen.has(key)) {
        seen.add(key);
        yield key;
      }
    }
    yield* this.overflow.map.keys();
  }

  private docs(key: string): number[] {
    const out: number[] = [];
    for (let i = hash(key) & this.mask, s = this.slots[i]; s !== EMPTY; i = (i + 1) & this.mask, s = this.slots[i]) {
      if (this.valueOf(s) === key) out.push(s);
    }
    return out;
  }

  /** Take `d` out of `key`'s run, moving later entries back (no tombstones). */
  private unset(key: string, d: number): void {
    const mask = this.mask;
    let i = hash(key) & mask;
    for (;;) {
      const s = this.slots[i];
      if (s === EMPTY) return;
      if (s === d && this.valueOf(s) === key) break;
      i = (i + 1) & mask;
    }
    this.used--;
    // backward-shift deletion: an entry after the hole moves into it unless its home lies between
    let hole = i;
    for (let j = (i + 1) & mask; ; j = (j + 1) & mask) {
      const s = this.slots[j];
      if (s === EMPTY) break;
      const home = hash(this.valueOf(s)!) & mask;
      // `home` cyclically in (hole, j]: the entry cannot move to the hole
      if (hole <= j ? home > hole && home <= j : home > hole || home <= j) continue;
      this.slots[hole] = s;
      hole = j;
    }
    this.slots[hole] = EMPTY;
  }

  private resize(capacity: number): void {
    const old = this.slots;
    this.slots = new Int32Array(capacity).fill(EMPTY);
    this.mask = capacity - 1;
    for (const d of old) {
      if (d === EMPTY) continue;
      let i = hash(this.valueOf(d)!) & this.mask;
      while (this.slots[i] !== EMPTY) i = (i + 1) & this.mask;
      this.slots[i] = d;
    }
  }

  /**
   * Room for `n` documents at once (a build from a state of known size): a table that doubles as
   * it fills leaves the freed smaller ones behind in the process (malloc keeps freed blocks).
   */
  reserve(n: number): void {
    let capacity = this.slots.length;
    while (n * 2 > capacity) capacity *= 2;
    if (capacity > this.slots.length) this.resize(capacity);
  }
}
