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
/** A document removed from the table a resize is moving out of: its slot stays taken, so no entry there moves. */
const GONE = -2;
/**
 * Slots of the old table moved into the new one per add or remove while a resize goes on. A
 * table that doubles at once reads the value of every document (at 100,000 documents, one write
 * of the catalog took 23-78 ms; ten times that at a million): in steps, no write moves more than
 * this many, and the old table is moved out long before the new one is half full.
 */
const STEP = 64;

/** The slot hash of a value: seeded per process (the values are the callers'). */
const hash = (key: string): number => seededHash(key, PROCESS_SEED);

export class ColumnIndex {
  private slots = new Int32Array(64).fill(EMPTY);
  private mask = 63;
  /** documents in both tables */
  private used = 0;
  /** The table a resize moves out of, in steps: its slots below `moved` are in `slots` now (undefined: none). */
  private old: Int32Array | undefined;
  private oldMask = 0;
  private moved = 0;
  /** values of more than FEW documents */
  private readonly overflow = new ValueIndex();

  /** `valueOf(d)`: document d's value in the column (undefined: none); `step`: slots moved per write during a resize. */
  constructor(
    private readonly valueOf: (doc: number) => string | undefined,
    private readonly step = STEP,
  ) {}

  /** Number of documents in the table (tests). */
  get size(): number {
    return this.used;
  }

  /** A resize is moving the old table out (tests). */
  get moving(): boolean {
    return this.old !== undefined;
  }

  add(key: string, d: number): void {
    if (this.overflow.get(key) !== undefined) return this.overflow.add(key, d);
    if (this.old) this.moveSome(this.step);
    // room first: a resize reads the column of the documents it moves, and `d`'s value may not be in its column yet
    if ((this.used + 1) * 2 > this.slots.length) this.grow();
    const h = hash(key);
    let count = 0;
    let i = h & this.mask;
    for (let s = this.slots[i]; s !== EMPTY; i = (i + 1) & this.mask, s = this.slots[i]) {
      if (this.valueOf(s) !== key) continue;
      if (s === d) return;
      count++;
    }
    const old = this.old;
    if (old) {
      for (let j = h & this.oldMask, s = old[j]; s !== EMPTY; j = (j + 1) & this.oldMask, s = old[j]) {
        if (s < 0 || j < this.moved || this.valueOf(s) !== key) continue;
        if (s === d) return;
        count++;
      }
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
    if (this.old) this.moveSome(this.step);
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
    const h = hash(key);
    for (let i = h & this.mask, s = this.slots[i]; s !== EMPTY; i = (i + 1) & this.mask, s = this.slots[i]) {
      if (this.valueOf(s) === key) return s;
    }
    const old = this.old;
    if (old) {
      for (let j = h & this.oldMask, s = old[j]; s !== EMPTY; j = (j + 1) & this.oldMask, s = old[j]) {
        if (s >= 0 && j >= this.moved && this.valueOf(s) === key) return s;
      }
    }
    return undefined;
  }

  /** Every value with a document (each once). */
  *keys(): Generator<string> {
    const seen = new Set<string>();
    const old = this.old;
    const tables: [Int32Array, number][] = old ? [[this.slots, 0], [old, this.moved]] : [[this.slots, 0]];
    for (const [table, from] of tables) {
      for (let i = from; i < table.length; i++) {
        const d = table[i];
        if (d < 0) continue;
        const key = this.valueOf(d);
        if (key !== undefined && !seen.has(key)) {
          seen.add(key);
          yield key;
        }
      }
    }
    yield* this.overflow.map.keys();
  }

  private docs(key: string): number[] {
    const out: number[] = [];
    const h = hash(key);
    for (let i = h & this.mask, s = this.slots[i]; s !== EMPTY; i = (i + 1) & this.mask, s = this.slots[i]) {
      if (this.valueOf(s) === key) out.push(s);
    }
    const old = this.old;
    if (old) {
      for (let j = h & this.oldMask, s = old[j]; s !== EMPTY; j = (j + 1) & this.oldMask, s = old[j]) {
        if (s >= 0 && j >= this.moved && this.valueOf(s) === key) out.push(s);
      }
    }
    return out;
  }

  /** Take `d` out of `key`'s run: in the old table a GONE mark (nothing there moves), in the new one moving later entries back. */
  private unset(key: string, d: number): void {
    const h = hash(key);
    const old = this.old;
    if (old) {
      for (let j = h & this.oldMask, s = old[j]; s !== EMPTY; j = (j + 1) & this.oldMask, s = old[j]) {
        if (s === d && j >= this.moved && this.valueOf(s) === key) {
          old[j] = GONE;
          this.used--;
          return;
        }
      }
    }
    const mask = this.mask;
    let i = h & mask;
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

  /** Start a resize to twice the size: the documents move over in steps (moveSome). */
  private grow(): void {
    if (this.old) this.moveSome(this.old.length); // never so far: the old table is out long before
    this.old = this.slots;
    this.oldMask = this.mask;
    this.moved = 0;
    this.slots = new Int32Array(this.slots.length * 2).fill(EMPTY);
    this.mask = this.slots.length - 1;
  }

  /** Move the next `n` slots of the old table into the new one. */
  private moveSome(n: number): void {
    const old = this.old!;
    const end = Math.min(old.length, this.moved + n);
    for (let j = this.moved; j < end; j++) {
      const d = old[j];
      if (d < 0) continue;
      let i = hash(this.valueOf(d)!) & this.mask;
      while (this.slots[i] !== EMPTY) i = (i + 1) & this.mask;
      this.slots[i] = d;
    }
    this.moved = end;
    if (end === old.length) this.old = undefined;
  }

  private resize(capacity: number): void {
    if (this.old) this.moveSome(this.old.length);
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
