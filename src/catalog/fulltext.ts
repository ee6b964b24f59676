// The full-text index: immutable segments (compressed posting lists in byte arrays, varint.ts;
// one large base built at start)
// plus a small fresh segment for documents changed since. Each document lives in exactly one
// segment (`loc[doc]`); its postings anywhere else are ignored. A merge folds the fresh segment
// and the base into a new base, in time slices (see merge.ts); a write costs time proportional
// to the document, never to the site.
import { FreshSegment, freshSize } from './fresh.ts';
import { Merger, type Detached } from './merge.ts';
import { Segment, SegmentBuilder, TermCounter } from './segment.ts';
import { TermDict } from './termdict.ts';
import { PostingCursor } from './varint.ts';

/** Field numbers: 0 title, 1 description, 2 body (SearchableText = all three). */
export const TEXT_FIELDS = ['title', 'description', 'body'] as const;
const BOOST = [3, 2, 1];

/** Analysed terms of one document, per field (phrase checks, the brute-force reference). */
export type DocTerms = [string[], string[], string[]];
/** Raw texts of one document: title, description, body. */
export type DocTexts = [string, string, string];

const ABSENT = 0;
const FRESH = 1;

const TF = Float64Array.from({ length: 256 }, (_, tf) => 1 + Math.log(Math.max(1, tf)));
const tfWeight = (tf: number) => (tf < 256 ? TF[tf] : 1 + Math.log(tf));

export class FullText {
  readonly dict = new TermDict();
  private segments: Segment[] = [];
  private fresh = new FreshSegment();
  /** the previous fresh segment, while a merge folds it into a new base */
  private detached: Detached | undefined;
  private loc = new Int32Array(1024);
  private nextId = 2;
  private live = 0;
  private readonly counter = new TermCounter();
  private merger: Merger | undefined;
  private readonly cursor = new PostingCursor();
  /** Highest document number seen (capacity of per-query arrays). */
  maxDoc = 0;
  /** Merges copy the lists no merge would change as they are (merge.ts; tests turn it off to compare). */
  copyLists = true;

  /** Build the base segment from every document at once; `expected`: document numbers below it (room made at once). */
  constructor(docs: Iterable<[number, DocTexts]> = [], expected = 0) {
    if (expected > this.loc.length) this.loc = new Int32Array(expected);
    const builder = new SegmentBuilder(expected);
    let any = false;
    for (const [doc, texts] of docs) {
      any = true;
      if (doc >= this.loc.length || this.loc[doc] === ABSENT) this.live++; // a repeated document: its last texts count
      this.place(doc, this.nextId);
      for (let f = 0; f < 3; f++) {
        this.counter.count(this.dict, texts[f]);
        builder.add(f, doc, this.counter);
      }
    }
    if (any) this.segments.push(builder.build(this.nextId++, this.dict.size));
    this.dict.forgetRawWords();
  }

  private place(doc: number, where: number): void {
    if (doc >= this.loc.length) {
      const next = new Int32Array(Math.max(doc + 1, this.loc.length * 2));
      next.set(this.loc);
      this.loc = next;
    }
    if (doc > this.maxDoc) this.maxDoc = doc;
    this.loc[doc] = where;
  }

  /** Documents changed since the base was built (fresh, or masked in a segment). */
  get pending(): number {
    return this.fresh.size + (this.detached?.seg.size ?? 0) + this.segments.reduce((n, s) => n + s.dead, 0);
  }

  get size(): number {
    return this.live;
  }

  /** Whether a sliced merge is under way. */
  get merging(): boolean {
    return this.merger !== undefined;
  }

  /** Index (or re-index) one document. */
  set(doc: number, texts: DocTexts): void {
    this.remove(doc);
    const { seen, tfs } = this.counter;
    this.fresh.begin(doc);
    for (let f = 0; f < 3; f++) {
      this.counter.count(this.dict, texts[f]);
      this.fresh.field(doc, f, seen.a, tfs.a, seen.n);
    }
    this.place(doc, FRESH);
    this.live++;
  }

  remove(doc: number): void {
    const where = doc < this.loc.length ? this.loc[doc] : ABSENT;
    if (where === ABSENT) return;
    this.live--;
    this.loc[doc] = ABSENT;
    if (where === FRESH) this.fresh.remove(doc);
    else {
      const seg = this.detached?.id === where ? this.detached : this.segments.find((s) => s.id === where);
      if (seg) seg.dead++;
    }
  }

  termId(term: string): number | undefined {
    return this.dict.lookup(term);
  }

  private df(f: number, t: number): number {
    let n = freshSize(this.fresh.fields[f].get(t)) + freshSize(this.detached?.seg.fields[f].get(t));
    for (const s of this.segments) n += s.df(f, t);
    return n;
  }

  /**
   * Add the documents containing term `t` in any of `fields` to `bits`, and (when `scores` is
   * given) their tf-idf score to `scores`. Both arrays cover every document number.
   */
  matchInto(fields: readonly number[], t: number, bits: Uint32Array, scores: Float64Array | null): void {
    const n = Math.max(1, this.live);
    const loc = this.loc;
    for (const f of fields) {
      const df = this.df(f, t);
      if (!df) continue;
      const weight = BOOST[f] * Math.log(1 + n / df);
      const cursor = this.cursor;
      for (const s of this.segments) {
        if (!cursor.open(s.fields[f], t)) continue;
        const check = s.dead > 0;
        const sid = s.id;
        while (cursor.next()) {
          const d = cursor.doc;
          if (check && loc[d] !== sid) continue;
          bits[d >>> 5] |= 1 << (d & 31);
          if (scores) scores[d] += weight * tfWeight(cursor.tf);
        }
      }
      const found = (d: number, tf: number) => {
        bits[d >>> 5] |= 1 << (d & 31);
        if (scores) scores[d] += weight * tfWeight(tf);
      };
      this.fresh.forEach(f, t, found);
      const old = this.detached;
      old?.seg.forEach(f, t, (d, tf) => {
        if (loc[d] === old.id) found(d, tf);
      });
    }
  }

  /** Term numbers matching a glob (`*` any run, `?` one character). */
  expand(glob: string): number[] {
    const star = glob.indexOf('*');
    const q = glob.indexOf('?');
    const simplePrefix = q === -1 && star === glob.length - 1;
    const prefix = glob.slice(0, Math.min(star === -1 ? glob.length : star, q === -1 ? glob.length : q));
    const candidates = this.dict.withPrefix(prefix);
    if (simplePrefix) return candidates;
    const re = new RegExp('^' + glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.') + '$');
    return candidates.filter((t) => re.test(this.dict.terms[t]));
  }

  // ---------------------------------------------------------------- merging

  /** Start a merge of everything into a new base (no-op when nothing is pending or one runs). */
  startMerge(): boolean {
    if (this.merger || !this.pending) return false;
    // the fresh segment stops taking writes and becomes a (read-only) source of the merge
    if (this.fresh.size) {
      this.detached = { id: this.nextId++, dead: 0, seg: this.fresh };
      for (const doc of this.fresh.docs.keys()) this.loc[doc] = this.detached.id;
      this.fresh = new FreshSegment();
    }
    this.merger = new Merger([...this.segments], this.detached, this.nextId++, this.dict.size, () => this.loc, this.copyLists);
    return true;
  }

  /** Continue the running merge for about `budgetMs`; true when none remains. */
  mergeStep(budgetMs: number): boolean {
    const m = this.merger;
    if (!m) return true;
    if (!m.step(budgetMs)) return false;
    const merged = m.result();
    // every segment there was when the merge started is one of its sources: each document of them is in the new one
    const loc = this.loc;
    const id = merged.id;
    for (let d = 0; d < loc.length; d++) if (loc[d] > FRESH) loc[d] = id;
    this.segments = [merged];
    this.detached = undefined;
    this.merger = undefined;
    return true;
  }

  /** Fold everything into one base now (finishing a running merge first). */
  merge(): void {
    this.mergeStep(Infinity);
    if (this.startMerge()) this.mergeStep(Infinity);
  }
}
