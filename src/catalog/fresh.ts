// The fresh full-text segment: documents indexed since the last merge, in maps that take a
// write in time proportional to the document. A merge takes it out of service (read-only) and
// folds it into the new base.
//
// Little is made per document (this segment lives for seconds, long enough for what it holds to
// be copied by every scavenge on the way): a document's (term, tf) pairs go into one growing
// Int32Array (its record: the pairs of each field), not into lists of their own; a term of one
// document with tf 1 (a word only that document has: a number, a name) is that document's
// number, not a Map of its own.

/** A term's postings in one field: the one document holding it once, or document -> tf. */
export type FreshPostings = number | Map<number, number>;

/** Number of documents of `p`. */
export const freshSize = (p: FreshPostings | undefined): number => (p === undefined ? 0 : typeof p === 'number' ? 1 : p.size);

/** Words of the record log a new segment starts with. */
const FIRST_LOG = 1024;

export class FreshSegment {
  /** per field: term -> its postings */
  readonly fields: Map<number, FreshPostings>[] = [new Map(), new Map(), new Map()];
  /** doc -> where its record starts in `log` */
  readonly docs = new Map<number, number>();
  /**
   * The records, one after the other: per document the number of pairs of each field (three
   * words), then the pairs, [term, tf] each. A removed document's record stays until the log is
   * compacted (when it is more than half records no document uses).
   */
  private log: Int32Array;
  private end = 0;
  /** words of the records still in use */
  private used = 0;
  /** the record being written (add) */
  private open = -1;

  /** `firstLog`: words of the log to start with (tests start small) */
  constructor(private readonly firstLog = FIRST_LOG) {
    this.log = new Int32Array(firstLog);
  }

  /** Start the record of `doc` (not in the segment); its fields follow, `field` 0, 1 and 2 in turn. */
  begin(doc: number): void {
    this.reserve(3);
    const at = this.end;
    this.log[at] = this.log[at + 1] = this.log[at + 2] = 0;
    this.end += 3;
    this.used += 3;
    this.open = at;
    this.docs.set(doc, at);
  }

  /** The `n` distinct terms of field `f` of the document begun last, with their frequencies. */
  field(doc: number, f: number, terms: Int32Array, tfs: Int32Array, n: number): void {
    this.reserve(2 * n);
    const log = this.log;
    let at = this.end;
    const postings = this.fields[f];
    for (let i = 0; i < n; i++) {
      const t = terms[i];
      const tf = tfs[i];
      log[at++] = t;
      log[at++] = tf;
      const p = postings.get(t);
      if (p === undefined) postings.set(t, tf === 1 ? doc : new Map<number, number>().set(doc, tf));
      else if (typeof p === 'number') postings.set(t, new Map<number, number>().set(p, 1).set(doc, tf));
      else p.set(doc, tf);
    }
    this.log[this.open + f] = n;
    this.end = at;
    this.used += 2 * n;
  }

  remove(doc: number): boolean {
    const at = this.docs.get(doc);
    if (at === undefined) return false;
    this.docs.delete(doc);
    const log = this.log;
    let i = at + 3;
    for (let f = 0; f < 3; f++) {
      const postings = this.fields[f];
      for (const end = i + 2 * log[at + f]; i < end; i += 2) {
        const t = log[i];
        const p = postings.get(t);
        if (p === doc || (typeof p === 'object' && p.delete(doc) && p.size === 0)) postings.delete(t);
      }
    }
    this.used -= i - at;
    if (this.end > this.firstLog && this.used * 2 < this.end) this.compact();
    return true;
  }

  /** Number of pairs of field `f`, over every document. */
  postingCount(f: number): number {
    let n = 0;
    for (const at of this.docs.values()) n += this.log[at + f];
    return n;
  }

  /** Visit the postings of term `t` in field `f`. */
  forEach(f: number, t: number, visit: (doc: number, tf: number) => void): void {
    const p = this.fields[f].get(t);
    if (typeof p === 'number') visit(p, 1);
    else if (p) for (const [d, tf] of p) visit(d, tf);
  }

  get size(): number {
    return this.docs.size;
  }

  private reserve(n: number): void {
    if (this.end + n <= this.log.length) return;
    const next = new Int32Array(Math.max(this.end + n, this.log.length * 2));
    next.set(this.log.subarray(0, this.end));
    this.log = next;
  }

  /** The records in use, moved together into a log of their size (the removed ones' words dropped). */
  private compact(): void {
    const old = this.log;
    this.log = new Int32Array(Math.max(this.firstLog, this.used * 2));
    let end = 0;
    for (const [doc, at] of this.docs) {
      const n = 3 + 2 * (old[at] + old[at + 1] + old[at + 2]);
      this.log.set(old.subarray(at, at + n), end);
      this.docs.set(doc, end);
      end += n;
    }
    this.end = end;
    this.used = end;
  }
}
