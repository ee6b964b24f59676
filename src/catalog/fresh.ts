// The fresh full-text segment: documents indexed since the last merge, in maps that take a
// write in time proportional to the document. A merge takes it out of service (read-only) and
// folds it into the new base.
//
// Little is made per document (this segment lives for seconds, long enough for what it holds to
// be copied by every scavenge on the way): a document's terms go into one growing Int32Array (its
// record), a term's postings into an Int32Array of its own (typed arrays keep their elements off
// the heap the scavenges copy: a Map per term grew with every new document), and a term of one
// document with tf 1 (a word only that document has: a number, a name) is that document's number.

/**
 * The postings of a term held by more than one document (or more than once): `n` entries of
 * [doc, tf, where the posting's pair is in the log], in no order (a removal moves the last entry
 * into the hole).
 */
export class TermList {
  e = new Int32Array(12);
  n = 0;

  push(doc: number, tf: number, pair: number): number {
    if (3 * this.n === this.e.length) {
      const next = new Int32Array(this.e.length * 2);
      next.set(this.e);
      this.e = next;
    }
    const i = this.n++;
    this.e[3 * i] = doc;
    this.e[3 * i + 1] = tf;
    this.e[3 * i + 2] = pair;
    return i;
  }
}

/** A term's postings in one field: the one document holding it once, or a list. */
export type FreshPostings = number | TermList;

/** Number of documents of `p`. */
export const freshSize = (p: FreshPostings | undefined): number => (p === undefined ? 0 : typeof p === 'number' ? 1 : p.n);

/** Term numbers per page of a TermTable. */
const PAGE_BITS = 10;
const PAGE = 1 << PAGE_BITS;

/**
 * A field's terms -> their postings, by term number (dense: termdict.ts) in pages of PAGE slots
 * made on first use: a slot holds 0 (no posting), the document number + 1 (the one document
 * holding the term once) or -(k + 1) (`lists[k]`). A Map here took an entry (and its share of
 * the table's regrowth, copied by the scavenges) for every new word, about two per new document
 * (a number in its title and id); a page is off the heap, and new words (the highest numbers)
 * share the last pages.
 */
export class TermTable {
  private pages: (Int32Array | undefined)[] = [];
  private readonly lists: (TermList | undefined)[] = [];
  /** places in `lists` no term holds (taken again before `lists` grows: it holds at most as many as there are terms) */
  private readonly free: number[] = [];
  /** number of terms with postings */
  size = 0;

  get(t: number): FreshPostings | undefined {
    const page = this.pages[t >>> PAGE_BITS];
    const v = page === undefined ? 0 : page[t & (PAGE - 1)];
    return v > 0 ? v - 1 : v < 0 ? this.lists[-v - 1] : undefined;
  }

  has(t: number): boolean {
    const page = this.pages[t >>> PAGE_BITS];
    return page !== undefined && page[t & (PAGE - 1)] !== 0;
  }

  /** `t`'s postings become `p` (a document number, or a list not in the table yet). */
  set(t: number, p: FreshPostings): void {
    const at = t >>> PAGE_BITS;
    const pages = this.pages;
    while (pages.length <= at) pages.push(undefined);
    const page = (pages[at] ??= new Int32Array(PAGE));
    const slot = t & (PAGE - 1);
    const v = page[slot];
    if (v === 0) this.size++;
    if (typeof p === 'number') {
      if (v < 0) this.release(-v - 1);
      page[slot] = p + 1;
    } else if (v < 0) this.lists[-v - 1] = p;
    else page[slot] = -this.take(p) - 1;
  }

  delete(t: number): void {
    const page = this.pages[t >>> PAGE_BITS];
    const slot = t & (PAGE - 1);
    const v = page === undefined ? 0 : page[slot];
    if (v === 0) return;
    if (v < 0) this.release(-v - 1);
    page![slot] = 0;
    this.size--;
  }

  /** Places in the table's store of lists (tests: it stays as big as the most lists held at once). */
  get listPlaces(): number {
    return this.lists.length;
  }

  private take(list: TermList): number {
    const at = this.free.pop();
    if (at === undefined) return this.lists.push(list) - 1;
    this.lists[at] = list;
    return at;
  }

  private release(at: number): void {
    this.lists[at] = undefined;
    this.free.push(at);
  }

  /** The terms with postings, ascending. */
  sortedTerms(): Int32Array {
    const out = new Int32Array(this.size);
    let n = 0;
    for (let p = 0; p < this.pages.length; p++) {
      const page = this.pages[p];
      if (page) for (let i = 0; i < PAGE; i++) if (page[i] !== 0) out[n++] = (p << PAGE_BITS) | i;
    }
    return out;
  }
}

/** Words of the record log a new segment starts with. */
const FIRST_LOG = 1024;

export class FreshSegment {
  /** per field: term -> its postings */
  readonly fields: TermTable[] = [new TermTable(), new TermTable(), new TermTable()];
  /** doc -> where its record starts in `log` */
  readonly docs = new Map<number, number>();
  /**
   * The records, one after the other: per document the number of pairs of each field (three
   * words), then the pairs, [term, the posting's place in the term's list] each (-1: the term's
   * postings are this document's number). A removed document's record stays until the log is
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
    for (let i = 0; i < n; i++, at += 2) {
      const t = terms[i];
      const tf = tfs[i];
      log[at] = t;
      const p = postings.get(t);
      if (p === undefined && tf === 1) {
        postings.set(t, doc);
        log[at + 1] = -1;
        continue;
      }
      let list: TermList;
      if (p === undefined || typeof p === 'number') {
        postings.set(t, (list = new TermList()));
        if (p !== undefined) this.placeIn(list, p, f, t);
      } else list = p;
      log[at + 1] = list.push(doc, tf, at);
    }
    this.log[this.open + f] = n;
    this.end = at;
    this.used += 2 * n;
  }

  /** Put `doc`, whose postings of term `t` (field `f`) were its number, into `list`. */
  private placeIn(list: TermList, doc: number, f: number, t: number): void {
    const log = this.log;
    const at = this.docs.get(doc)!;
    let i = at + 3 + 2 * (f > 0 ? log[at] : 0) + 2 * (f > 1 ? log[at + 1] : 0);
    while (log[i] !== t) i += 2;
    log[i + 1] = list.push(doc, 1, i);
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
        if (p === undefined || typeof p === 'number') {
          if (p === doc) postings.delete(t);
          continue;
        }
        // the last entry moves into this one's place
        const e = p.e;
        const pos = log[i + 1];
        const last = --p.n;
        if (pos !== last) {
          e[3 * pos] = e[3 * last];
          e[3 * pos + 1] = e[3 * last + 1];
          e[3 * pos + 2] = e[3 * last + 2];
          log[e[3 * pos + 2] + 1] = pos;
        }
        if (p.n === 0) postings.delete(t);
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

  /** Visit the postings of term `t` in field `f` (in no order). */
  forEach(f: number, t: number, visit: (doc: number, tf: number) => void): void {
    const p = this.fields[f].get(t);
    if (typeof p === 'number') visit(p, 1);
    else if (p) for (let i = 0; i < p.n; i++) visit(p.e[3 * i], p.e[3 * i + 1]);
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
    const log = this.log;
    let end = 0;
    for (const [doc, at] of this.docs) {
      const n = 3 + 2 * (old[at] + old[at + 1] + old[at + 2]);
      log.set(old.subarray(at, at + n), end);
      this.docs.set(doc, end);
      // the lists' entries follow their pairs to their new places
      let i = end + 3;
      for (let f = 0; f < 3; f++) {
        for (const stop = i + 2 * log[end + f]; i < stop; i += 2) {
          const p = log[i + 1] >= 0 ? this.fields[f].get(log[i]) : undefined;
          if (typeof p === 'object') p.e[3 * log[i + 1] + 2] = i;
        }
      }
      end += n;
    }
    this.end = end;
    this.used = end;
  }
}
