// Term numbers for the full-text index: every index term (analysed word) gets a dense integer, so
// postings, term frequencies and per-document counts live in typed arrays. Raw words map to their
// term number through a cache, so the analysis pipeline runs once per distinct word.
import { termOfUncached } from './analyze.ts';
import { ColumnIndex } from './column-index.ts';
import { hashFinish, hashStart, hashStep, PROCESS_SEED } from '../lib/seeded-hash.ts';
import { TermOrder } from './term-order.ts';

/** A growable list of int32. */
export class IntList {
  a: Int32Array;
  n = 0;
  constructor(capacity = 256) {
    this.a = new Int32Array(capacity);
  }
  push(x: number): void {
    if (this.n === this.a.length) {
      const next = new Int32Array(this.a.length * 2);
      next.set(this.a);
      this.a = next;
    }
    this.a[this.n++] = x;
  }
  append(src: Int32Array, count: number): void {
    if (this.n + count > this.a.length) {
      const next = new Int32Array(Math.max(this.n + count, this.a.length * 2));
      next.set(this.a);
      this.a = next;
    }
    this.a.set(src.subarray(0, count), this.n);
    this.n += count;
  }
}

/**
 * Raw words cached at most; then the cache starts again empty (the common words come back at once).
 * Most lookups are of a few thousand common words; a cache of every distinct word of a big site
 * (numbers in titles: about one per document) spread them over a table of millions of slots, each
 * lookup a miss of the processor's caches (catalog build at 300k documents: CPU 27.8 -> 24.3 s).
 */
const RAW_LIMIT = 1 << 16;

/** Lunr's separator /[\s\-]+/ as a character test. */
function isSeparator(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c === 0x2d) return true;
  if (c < 0xa0) return false;
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/**
 * Raw word -> term number, looked up straight from the text (open addressing on a hash of the
 * characters), so scanning a document allocates nothing for words seen before.
 */
class RawWords {
  private keys: (string | undefined)[] = [];
  private ids = new Int32Array(0);
  private hashes = new Int32Array(0);
  private mask = 0;
  size = 0;
  /** Slots stepped over by the longest look-up so far (tests: crafted words must not make runs). */
  longest = 0;

  constructor() {
    this.reset(1 << 12);
  }

  private reset(capacity: number): void {
    this.keys = new Array(capacity);
    this.ids = new Int32Array(capacity);
    this.hashes = new Int32Array(capacity);
    this.mask = capacity - 1;
    this.size = 0;
  }

  clear(): void {
    this.reset(1 << 12);
  }

  /** The slot of text[start, end) with hash `h`: its index, or -(free slot) - 1. */
  find(text: string, start: number, end: number, h: number): number {
    const len = end - start;
    for (let i = h & this.mask, steps = 0; ; i = (i + 1) & this.mask, steps++) {
      const key = this.keys[i];
      if (key === undefined || (this.hashes[i] === h && key.length === len && text.startsWith(key, start))) {
        if (steps > this.longest) this.longest = steps;
        return key === undefined ? -i - 1 : i;
      }
    }
  }

  id(slot: number): number {
    return this.ids[slot];
  }

  insert(slot: number, key: string, h: number, id: number): void {
    this.keys[slot] = key;
    this.hashes[slot] = h;
    this.ids[slot] = id;
    if (++this.size * 2 > this.keys.length) {
      const { keys, ids, hashes } = this;
      this.reset(keys.length * 2);
      for (let i = 0; i < keys.length; i++) {
        const k = keys[i];
        if (k === undefined) continue;
        const at = -this.find(k, 0, k.length, hashes[i]) - 1;
        this.keys[at] = k;
        this.hashes[at] = hashes[i];
        this.ids[at] = ids[i];
        this.size++;
      }
    }
  }
}

export class TermDict {
  readonly terms: string[] = [];
  /** term -> term number, over `terms` (a Map of every term was ~36 B per term) */
  private readonly ids = new ColumnIndex((id) => this.terms[id]);
  /** raw word -> term number, -1 for stop words and punctuation */
  private readonly raw = new RawWords();
  /** the terms in order, for prefix look-ups */
  private readonly order = new TermOrder(this.terms);

  get size(): number {
    return this.terms.length;
  }

  lookup(term: string): number | undefined {
    return this.ids.first(term);
  }

  intern(term: string): number {
    let id = this.ids.first(term);
    if (id === undefined) {
      id = this.terms.length;
      this.terms.push(term);
      this.ids.add(term, id);
    }
    return id;
  }

  /**
   * Forget the raw words seen (after a build from a whole site): the cache held every distinct raw
   * word of the site (numbers in titles make about one per document: ~50-70 B per object with its
   * slots). Later writes fill it again with the words they use, the common ones first.
   */
  /** Slots the raw-word table's longest look-up stepped over (tests). */
  get longestProbe(): number {
    return this.raw.longest;
  }

  forgetRawWords(): void {
    this.raw.clear();
  }

  /** Append the term numbers of `text` (in order, stop words dropped) to `out`. */
  analyzeInto(text: string, out: IntList): void {
    const raw = this.raw;
    const n = text.length;
    let i = 0;
    while (i < n) {
      while (i < n && isSeparator(text.charCodeAt(i))) i++;
      if (i >= n) break;
      const start = i;
      let h = hashStart(PROCESS_SEED);
      for (; i < n; i++) {
        const c = text.charCodeAt(i);
        if (isSeparator(c)) break;
        h = hashStep(h, c);
      }
      h = hashFinish(h) | 0;
      const slot = raw.find(text, start, i, h);
      let id: number;
      if (slot >= 0) id = raw.id(slot);
      else {
        const word = text.slice(start, i);
        const term = termOfUncached(word);
        id = term === null ? -1 : this.intern(term);
        if (raw.size >= RAW_LIMIT) {
          raw.clear();
          raw.insert(-raw.find(word, 0, word.length, h) - 1, word, h, id);
        } else raw.insert(-slot - 1, word, h, id);
      }
      if (id >= 0) out.push(id);
    }
  }

  /** Term numbers whose term starts with `prefix` (in no particular order). */
  withPrefix(prefix: string): number[] {
    return this.order.withPrefix(prefix);
  }
}
