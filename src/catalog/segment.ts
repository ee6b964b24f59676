// An immutable full-text segment: per field, the posting list of every term number in one byte
// array (compressed-row layout: `start[t]..start[t+1]`, lists encoded as varint.ts describes).
// Built by a counting pass over (term, doc, tf) triples in document order, so a build makes no
// object per posting.
import { IntList, type TermDict } from './termdict.ts';
import { postingLength, readVarint, varintLength, writePosting, writeVarint, type ListSource } from './varint.ts';

/** The posting lists of one field. */
export type FieldPostings = ListSource;

export class Segment {
  /** Documents whose postings here are no longer current (changed or removed since). */
  dead = 0;
  constructor(
    readonly id: number,
    readonly fields: FieldPostings[],
  ) {}

  /** Number of postings of term `t` in field `f`. */
  df(f: number, t: number): number {
    const { start, bytes } = this.fields[f];
    return t + 1 < start.length && start[t] !== start[t + 1] ? readVarint(bytes, start[t]) : 0;
  }

  /** Bytes of the posting lists. */
  get bytes(): number {
    return this.fields.reduce((n, p) => n + p.bytes.length, 0);
  }
}

/** Term frequencies of one text, with reusable scratch space indexed by term number. */
export class TermCounter {
  private counts = new Int32Array(1024);
  /** the distinct terms of the last text, and their frequencies */
  readonly seen = new IntList(1024);
  readonly tfs = new IntList(1024);
  private readonly terms = new IntList(4096);

  /** Count the terms of `text` into `seen` / `tfs` (first-occurrence order). */
  count(dict: TermDict, text: string): void {
    const terms = this.terms;
    terms.n = 0;
    dict.analyzeInto(text, terms);
    if (dict.size > this.counts.length) {
      const next = new Int32Array(Math.max(dict.size, this.counts.length * 2));
      next.set(this.counts);
      this.counts = next;
    }
    const counts = this.counts;
    const seen = this.seen;
    const tfs = this.tfs;
    seen.n = 0;
    const ta = terms.a;
    for (let i = 0; i < terms.n; i++) {
      const t = ta[i];
      if (counts[t]++ === 0) seen.push(t);
    }
    tfs.n = 0;
    const sa = seen.a;
    for (let i = 0; i < seen.n; i++) {
      const t = sa[i];
      tfs.push(counts[t]);
      counts[t] = 0;
    }
  }
}

/** Bits of a pair's offset within its chunk (a pair's address is chunk << SHIFT | offset). */
const SHIFT = 24;
const FIRST_CHUNK = 1 << 16;
const MASK = (1 << SHIFT) - 1;

/**
 * An append-only list of (term, tf) pairs in chunks that double in size up to 2^24 pairs: no
 * copying as it grows, and the big chunks are large enough for malloc to map them apart and give
 * them back to the system when the build is done (smaller freed blocks stay in the process).
 * The pairs of one document never span two chunks.
 */
class PairChunks {
  readonly terms: Int32Array[] = [];
  readonly tfs: Uint16Array[] = [];
  private at = 0;

  /** Append `count` pairs; returns their address. */
  append(terms: Int32Array, tfs: Int32Array, count: number): number {
    let c = this.terms.length - 1;
    if (c < 0 || this.at + count > this.terms[c].length) {
      const size = Math.max(count, FIRST_CHUNK << Math.min(this.terms.length, SHIFT - 16));
      this.terms.push(new Int32Array(size));
      this.tfs.push(new Uint16Array(size));
      this.at = 0;
      c++;
    }
    const from = this.at;
    const t = this.terms[c];
    const f = this.tfs[c];
    for (let i = 0; i < count; i++) {
      t[from + i] = terms[i];
      f[from + i] = tfs[i] < 65535 ? tfs[i] : 65535;
    }
    this.at += count;
    return c * (1 << SHIFT) + from;
  }
}

/** Collects, per field, the (term, tf) pairs of each document, then lays them out as a Segment. */
export class SegmentBuilder {
  private pairs = [new PairChunks(), new PairChunks(), new PairChunks()];
  /** per field: document numbers, the address of their pairs and how many */
  private readonly docs: IntList[];
  private readonly from: IntList[];
  private readonly lengths: IntList[];

  /** `expected`: the number of documents, when known (lists that double leave freed blocks behind) */
  constructor(expected = 0) {
    const lists = () => [0, 1, 2].map(() => new IntList(Math.max(1 << 12, expected)));
    this.docs = lists();
    this.from = lists();
    this.lengths = lists();
  }

  /** Add the counted terms of one field of `doc`. */
  add(f: number, doc: number, counter: TermCounter): void {
    const n = counter.seen.n; // a field without terms still records the document (its last entry wins)
    this.from[f].push(this.pairs[f].append(counter.seen.a, counter.tfs.a, n));
    this.docs[f].push(doc);
    this.lengths[f].push(n);
  }

  build(id: number, termCount: number): Segment {
    const fields: FieldPostings[] = [];
    for (let f = 0; f < 3; f++) {
      const pairs = this.pairs[f];
      const docList = this.docs[f].a;
      const from = this.from[f].a;
      const lengths = this.lengths[f].a;
      const order = docOrder(docList, this.docs[f].n);
      const counts = new Int32Array(termCount);
      const last = new Int32Array(termCount).fill(-1);
      // first pass: the bytes of each term's postings (gaps follow document order)
      const size = new Int32Array(termCount);
      for (let o = 0; o < order.length; o++) {
        const k = order[o];
        const doc = docList[k];
        const terms = pairs.terms[from[k] >>> SHIFT];
        const tfs = pairs.tfs[from[k] >>> SHIFT];
        for (let i = from[k] & MASK, end = i + lengths[k]; i < end; i++) {
          const t = terms[i];
          size[t] += postingLength(doc - last[t], tfs[i]);
          last[t] = doc;
          counts[t]++;
        }
      }
      const start = new Int32Array(termCount + 1);
      for (let t = 0; t < termCount; t++) start[t + 1] = start[t] + (counts[t] ? varintLength(counts[t]) + size[t] : 0);
      const bytes = new Uint8Array(start[termCount]);
      // second pass: write each list's length, then its postings
      const at = size; // reused: the write position of each list
      for (let t = 0; t < termCount; t++) at[t] = counts[t] ? writeVarint(bytes, start[t], counts[t]) : start[t];
      last.fill(-1);
      for (let o = 0; o < order.length; o++) {
        const k = order[o];
        const doc = docList[k];
        const terms = pairs.terms[from[k] >>> SHIFT];
        const tfs = pairs.tfs[from[k] >>> SHIFT];
        for (let i = from[k] & MASK, end = i + lengths[k]; i < end; i++) {
          const t = terms[i];
          at[t] = writePosting(bytes, at[t], doc - last[t], tfs[i]);
          last[t] = doc;
        }
      }
      fields.push({ start, bytes });
      // release the scratch space early (it can be large)
      this.pairs[f] = new PairChunks();
      this.docs[f] = new IntList(1);
      this.from[f] = new IntList(1);
      this.lengths[f] = new IntList(1);
    }
    return new Segment(id, fields);
  }
}

/** Indexes of `docs[0..n)` in ascending document order (a document added twice: its last entry). */
function docOrder(docs: Int32Array, n: number): Int32Array {
  let max = -1;
  for (let k = 0; k < n; k++) if (docs[k] > max) max = docs[k];
  const slot = new Int32Array(max + 1).fill(-1);
  for (let k = 0; k < n; k++) slot[docs[k]] = k;
  const order = new Int32Array(n);
  let o = 0;
  for (let d = 0; d <= max; d++) if (slot[d] >= 0) order[o++] = slot[d];
  return order.subarray(0, o);
}
