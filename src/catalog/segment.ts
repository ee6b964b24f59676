// An immutable full-text segment: per field, the postings of every term number in one typed
// array (compressed-row layout: `start[t]..start[t+1]` indexes `docs` and `tfs`). Built by a
// counting sort of (term, doc, tf) triples, so a build makes no object per posting.
import { IntList, type TermDict } from './termdict.ts';

export interface FieldPostings {
  /** length = number of term numbers known at build + 1 */
  start: Int32Array;
  docs: Int32Array;
  tfs: Uint16Array;
}

export class Segment {
  /** Documents whose postings here are no longer current (changed or removed since). */
  dead = 0;
  constructor(
    readonly id: number,
    readonly fields: FieldPostings[],
  ) {}

  /** Number of postings of term `t` in field `f`. */
  df(f: number, t: number): number {
    const start = this.fields[f].start;
    return t + 1 < start.length ? start[t + 1] - start[t] : 0;
  }

  get entries(): number {
    return this.fields.reduce((n, p) => n + p.docs.length, 0);
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

/** Buffer size for `n` postings that leaves room for later growth. */
export const withHeadroom = (n: number): number => n + (n >> 3) + 1024;

const CHUNK = 1 << 18;

/** An append-only list of (term, tf) pairs in fixed-size chunks: no copying as it grows. */
class PairChunks {
  readonly terms: Int32Array[] = [];
  readonly tfs: Uint16Array[] = [];
  n = 0;

  append(terms: Int32Array, tfs: Int32Array, count: number): void {
    for (let i = 0; i < count; i++) {
      const at = this.n & (CHUNK - 1);
      if (at === 0 && this.n >>> 18 === this.terms.length) {
        this.terms.push(new Int32Array(CHUNK));
        this.tfs.push(new Uint16Array(CHUNK));
      }
      this.terms[this.n >>> 18][at] = terms[i];
      this.tfs[this.n >>> 18][at] = tfs[i] < 65535 ? tfs[i] : 65535;
      this.n++;
    }
  }
}

/** Collects, per field, the (term, tf) pairs of each document, then lays them out as a Segment. */
export class SegmentBuilder {
  private pairs = [new PairChunks(), new PairChunks(), new PairChunks()];
  /** per field: document numbers and where their pairs end */
  private readonly docs = [new IntList(1 << 12), new IntList(1 << 12), new IntList(1 << 12)];
  private readonly ends = [new IntList(1 << 12), new IntList(1 << 12), new IntList(1 << 12)];

  /** Add the counted terms of one field of `doc`. */
  add(f: number, doc: number, counter: TermCounter): void {
    const n = counter.seen.n;
    if (!n) return;
    this.pairs[f].append(counter.seen.a, counter.tfs.a, n);
    this.docs[f].push(doc);
    this.ends[f].push(this.pairs[f].n);
  }

  build(id: number, termCount: number): Segment {
    const fields: FieldPostings[] = [];
    for (let f = 0; f < 3; f++) {
      const pairs = this.pairs[f];
      const n = pairs.n;
      const start = new Int32Array(termCount + 1);
      for (let c = 0; c < pairs.terms.length; c++) {
        const terms = pairs.terms[c];
        const len = Math.min(CHUNK, n - c * CHUNK);
        for (let i = 0; i < len; i++) start[terms[i] + 1]++;
      }
      for (let t = 0; t < termCount; t++) start[t + 1] += start[t];
      const next = start.slice(0, termCount);
      // with headroom: a merge writes the next base into a retired base's buffers (see FullText)
      const room = withHeadroom(n);
      const docs = new Int32Array(room).subarray(0, n);
      const tfs = new Uint16Array(room).subarray(0, n);
      const docList = this.docs[f].a;
      const ends = this.ends[f].a;
      let i = 0;
      for (let k = 0; k < this.docs[f].n; k++) {
        const doc = docList[k];
        for (const end = ends[k]; i < end; i++) {
          const c = i >>> 18;
          const o = i & (CHUNK - 1);
          const at = next[pairs.terms[c][o]]++;
          docs[at] = doc;
          tfs[at] = pairs.tfs[c][o];
        }
      }
      fields.push({ start, docs, tfs });
      // release the scratch space early (it can be large)
      this.pairs[f] = new PairChunks();
      this.docs[f] = new IntList(1);
      this.ends[f] = new IntList(1);
    }
    return new Segment(id, fields);
  }
}
