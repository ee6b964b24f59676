// Merging full-text segments into one, in slices: `step(budget)` copies the current postings of
// a range of term numbers and returns when its time budget is spent, so a merge of a 100k
// document index never blocks the event loop for long. A posting is current when its document
// still lives in the segment it comes from (`loc[doc] === segment.id`); a document changed
// while the merge runs is left out of, or later masked in, the result.
import type { FreshSegment } from './fresh.ts';
import { Segment, type FieldPostings } from './segment.ts';
import { ByteWriter, PostingCursor, varintLength, writePosting, writeVarint } from './varint.ts';

/** A fresh segment taken out of service for a merge: read-only from then on. */
export interface Detached {
  id: number;
  dead: number;
  seg: FreshSegment;
}

/** Highest term frequency kept (as the base build keeps it). */
const MAX_TF = 65535;

export class Merger {
  private f = 0;
  private t = 0;
  private out: { start: Int32Array; writer: ByteWriter } | undefined;
  private readonly fields: FieldPostings[] = [];
  /** one cursor per source segment, and the current term's postings of the detached segment */
  private readonly cursors: PostingCursor[];
  private readonly live: boolean[];
  private fresh: Int32Array = new Int32Array(64);
  /** the postings of the current term, before its length is known */
  private scratch = new ByteWriter(1024);
  /** dead counts of the sources when the merge started */
  readonly deadAtStart: number;
  /** the detached segment's terms in the current field, ascending, and the next one not passed */
  private freshTerms: Int32Array = new Int32Array(0);
  private nextFresh = 0;
  done = false;

  /** `copyLists`: copy the lists of terms in one clean source alone (false: merge every term, tests compare the two). */
  constructor(
    readonly sources: Segment[],
    readonly detached: Detached | undefined,
    readonly id: number,
    private readonly termCount: number,
    private readonly loc: () => Int32Array,
    private readonly copyLists = true,
  ) {
    this.deadAtStart = this.deadNow();
    this.cursors = sources.map(() => new PostingCursor());
    this.live = sources.map(() => false);
  }

  private deadNow(): number {
    return this.sources.reduce((n, s) => n + s.dead, 0) + (this.detached?.dead ?? 0);
  }

  /** Ids of the segments this merge replaces. */
  get ids(): number[] {
    return [...this.sources.map((s) => s.id), ...(this.detached ? [this.detached.id] : [])];
  }


  /** The detached segment's postings of term `t` in field `f`, as [doc, tf] pairs by document; their count. */
  private freshPostings(f: number, t: number): number {
    const p = this.detached?.seg.fields[f].get(t);
    if (p === undefined) return 0;
    if (typeof p === 'number') {
      this.fresh[0] = p;
      this.fresh[1] = 1;
      return 1;
    }
    const n = p.n;
    if (this.fresh.length < n * 2) this.fresh = new Int32Array(n * 4);
    const { e } = p;
    const out = this.fresh;
    let ascending = true;
    for (let i = 0; i < n; i++) {
      out[2 * i] = e[3 * i];
      out[2 * i + 1] = Math.min(MAX_TF, e[3 * i + 1]);
      if (i > 0 && out[2 * i] < out[2 * i - 2]) ascending = false;
    }
    if (ascending) return n; // new documents come in ascending order: mostly
    // doc * 2^16 + tf (below 2^47: exact in a double), in document order
    const keys = new Float64Array(n);
    for (let i = 0; i < n; i++) keys[i] = out[2 * i] * 65536 + out[2 * i + 1];
    keys.sort();
    for (let i = 0; i < n; i++) {
      out[2 * i] = Math.floor(keys[i] / 65536);
      out[2 * i + 1] = keys[i] % 65536;
    }
    return n;
  }

  /** Whether the detached segment holds term `t` of the current field (`t` never smaller than at the last call). */
  private inDetached(t: number): boolean {
    const terms = this.freshTerms;
    while (this.nextFresh < terms.length && terms[this.nextFresh] < t) this.nextFresh++;
    return this.nextFresh < terms.length && terms[this.nextFresh] === t;
  }

  /**
   * Write term `t`'s list (field `f`) to `writer` without merging postings, when one source alone
   * holds it and every posting there is current (known without reading it when none of the
   * source's documents changed since it was made): its bytes as they are, then the `nFresh`
   * postings of the detached segment (`this.fresh`) when they all come after the source's. Most
   * terms of a merge of a few thousand new documents into a large base are copied so, and the
   * lists of common words only read, not written again. The same bytes as mergeTerm's. True when
   * done (or when nobody holds the term); false: mergeTerm must.
   */
  private keepList(f: number, t: number, nFresh: number, writer: ByteWriter): boolean {
    const sources = this.sources;
    let from = -1;
    for (let s = 0; s < sources.length; s++) {
      const start = sources[s].fields[f].start;
      if (t + 1 >= start.length || start[t] === start[t + 1]) continue;
      if (from !== -1) return false;
      from = s;
    }
    if (from === -1) return nFresh === 0;
    const list = sources[from].fields[f];
    let a = list.start[t];
    const end = list.start[t + 1];
    let count = 0;
    let last = -1;
    // a source some of whose documents changed: its list is read, and kept only if none of them is in it
    const dirty = sources[from].dead > 0;
    if (nFresh || dirty) {
      // the source's last document (its list read, not written) and the detached postings still current
      const loc = this.loc();
      const cursor = this.cursors[from];
      const id = sources[from].id;
      count = cursor.open(list, t);
      while (cursor.next()) if (dirty && loc[cursor.doc] !== id) return false;
      last = cursor.doc;
    }
    if (nFresh) {
      const loc = this.loc();
      const sid = this.detached!.id;
      const fresh = this.fresh;
      let i = 0;
      while (i < nFresh && loc[fresh[2 * i]] !== sid) i++;
      if (i < nFresh && fresh[2 * i] <= last) return false; // interleaved with the source's (the detached documents are in ascending order)
      let kept = 0;
      for (; i < nFresh; i++) {
        const d = fresh[2 * i];
        if (loc[d] !== sid) continue;
        fresh[2 * kept] = d;
        fresh[2 * kept + 1] = fresh[2 * i + 1];
        kept++;
      }
      nFresh = kept;
      if (nFresh) a += varintLength(count); // the length is written anew
    }
    const n = end - a;
    writer.reserve(5 + n + 10 * nFresh);
    const out = writer.bytes;
    let at = writer.at;
    if (nFresh) at = writeVarint(out, at, count + nFresh);
    if (n <= 32) for (let i = 0; i < n; i++) out[at++] = list.bytes[a + i];
    else {
      out.set(list.bytes.subarray(a, end), at);
      at += n;
    }
    for (let i = 0; i < nFresh; i++) {
      const d = this.fresh[2 * i];
      at = writePosting(out, at, d - last, this.fresh[2 * i + 1]);
      last = d;
    }
    writer.at = at;
    return true;
  }

  /**
   * Merge the current postings of term `t` (field `f`) from every source and the `nFresh` of the
   * detached segment (`this.fresh`) into `scratch`; their count.
   */
  private mergeTerm(f: number, t: number, nFresh: number): number {
    const loc = this.loc();
    const { sources, cursors, live } = this;
    const scratch = this.scratch;
    scratch.at = 0;
    let any = false;
    for (let s = 0; s < sources.length; s++) {
      live[s] = cursors[s].open(sources[s].fields[f], t) > 0 && cursors[s].next();
      any ||= live[s];
    }
    if (!any && !nFresh) return 0;
    const sid = this.detached?.id ?? -1;
    let fi = 0;
    let prev = -1;
    let count = 0;
    for (;;) {
      // the source holding the lowest document (each lists documents in ascending order)
      let best = -1;
      let doc = nFresh > fi ? this.fresh[2 * fi] : 0x7fffffff;
      for (let s = 0; s < sources.length; s++) {
        if (live[s] && cursors[s].doc < doc) {
          doc = cursors[s].doc;
          best = s;
        }
      }
      if (best === -1 && fi >= nFresh) break;
      let tf: number;
      let current: boolean;
      if (best === -1) {
        tf = this.fresh[2 * fi + 1];
        current = loc[doc] === sid;
        fi++;
      } else {
        const c = cursors[best];
        tf = c.tf;
        current = loc[doc] === sources[best].id;
        live[best] = c.next();
      }
      if (!current) continue;
      scratch.reserve(10);
      scratch.at = writePosting(scratch.bytes, scratch.at, doc - prev, tf);
      prev = doc;
      count++;
    }
    return count;
  }

  /** Work for about `budgetMs` (Infinity: to the end); true when the merge is complete. */
  step(budgetMs: number): boolean {
    const deadline = performance.now() + budgetMs;
    const checkEvery = budgetMs <= 0 ? 1 : 32_768; // a zero budget: one term per step (tests)
    const T = this.termCount;
    while (this.f < 3) {
      const f = this.f;
      if (!this.out) {
        // the sources' bytes are an upper bound of what survives of them; fresh postings take ~2 bytes
        const estimate = this.sources.reduce((n, s) => n + s.fields[f].bytes.length, 0) + 2 * (this.detached?.seg.postingCount(f) ?? 0);
        this.out = { start: new Int32Array(T + 1), writer: new ByteWriter(estimate) };
        this.t = 0;
        const terms = this.detached?.seg.fields[f];
        this.freshTerms = terms?.size ? terms.sortedTerms() : new Int32Array(0);
        this.nextFresh = 0;
      }
      const { start, writer } = this.out;
      let work = 0;
      while (this.t < T) {
        const t = this.t++;
        const at = writer.at;
        start[t] = at;
        const nFresh = this.inDetached(t) ? this.freshPostings(f, t) : 0;
        if (!this.copyLists || !this.keepList(f, t, nFresh, writer)) {
          const count = this.mergeTerm(f, t, nFresh);
          if (count) {
            writer.reserve(varintLength(count) + this.scratch.at);
            writer.at = writeVarint(writer.bytes, writer.at, count);
            writer.bytes.set(this.scratch.bytes.subarray(0, this.scratch.at), writer.at);
            writer.at += this.scratch.at;
          }
        }
        work += 1 + writer.at - at;
        if (work >= checkEvery || budgetMs <= 0) {
          work = 0;
          if (performance.now() >= deadline) return false;
        }
      }
      start[T] = writer.at;
      this.fields.push({ start, bytes: writer.done() });
      this.out = undefined;
      this.f++;
      if (performance.now() >= deadline && this.f < 3) return false;
    }
    this.done = true;
    return true;
  }

  result(): Segment {
    if (!this.done) throw new Error('merge not finished');
    const segment = new Segment(this.id, this.fields);
    // documents that left the sources while the merge ran may have postings in the result
    segment.dead = this.deadNow() - this.deadAtStart;
    return segment;
  }
}
