// The full-text index: a large immutable base segment (compact typed-array postings, built once)
// plus a small mutable fresh segment for documents changed since; a changed or deleted document
// is masked in the base. `merge()` folds the fresh segment into a new base; the catalog calls it
// when idle. A write costs time proportional to the document, never to the site.

/** Field numbers: 0 title, 1 description, 2 body (SearchableText = all three). */
export const TEXT_FIELDS = ['title', 'description', 'body'] as const;
const BOOST = [3, 2, 1];
import { DocScores } from './docscores.ts';

/** Analysed terms of one document, per field. */
export type DocTerms = [string[], string[], string[]];

interface Posting {
  docs: Int32Array;
  tfs: Uint16Array;
}

type Counts = Map<string, number>;

const TF = Array.from({ length: 256 }, (_, tf) => 1 + Math.log(Math.max(1, tf)));
const tfWeight = (tf: number) => (tf < 256 ? TF[tf] : 1 + Math.log(tf));

function counts(terms: string[]): Counts {
  const out: Counts = new Map();
  for (const t of terms) out.set(t, (out.get(t) ?? 0) + 1);
  return out;
}

class Base {
  readonly fields: Map<string, Posting>[] = [new Map(), new Map(), new Map()];
  readonly docs = new Set<number>();
  private sorted: (string[] | undefined)[] = [undefined, undefined, undefined];

  static build(entries: Iterable<[number, Counts[]]>): Base {
    const acc: Map<string, { docs: number[]; tfs: number[] }>[] = [new Map(), new Map(), new Map()];
    const base = new Base();
    for (const [doc, perField] of entries) {
      base.docs.add(doc);
      for (let f = 0; f < 3; f++) {
        for (const [term, tf] of perField[f]) {
          let p = acc[f].get(term);
          if (!p) acc[f].set(term, (p = { docs: [], tfs: [] }));
          p.docs.push(doc);
          p.tfs.push(Math.min(tf, 65535));
        }
      }
    }
    for (let f = 0; f < 3; f++) {
      for (const [term, p] of acc[f]) base.fields[f].set(term, { docs: Int32Array.from(p.docs), tfs: Uint16Array.from(p.tfs) });
    }
    return base;
  }

  /** Base terms of field `f` in sorted order (for prefix lookups), computed on first use. */
  sortedTerms(f: number): string[] {
    return (this.sorted[f] ??= [...this.fields[f].keys()].sort());
  }
}

export class FullText {
  private base: Base;
  private readonly masked = new Set<number>();
  private readonly fresh: Map<string, Map<number, number>>[] = [new Map(), new Map(), new Map()];
  private readonly freshDocs = new Map<number, Counts[]>();
  private liveDocs: number;
  /** Highest document number seen (capacity of score arrays). */
  maxDoc = 0;

  constructor(docs: Iterable<[number, DocTerms]>) {
    const entries = function* () {
      for (const [doc, terms] of docs) yield [doc, terms.map(counts)] as [number, Counts[]];
    };
    this.base = Base.build(entries());
    this.liveDocs = this.base.docs.size;
    for (const d of this.base.docs) if (d > this.maxDoc) this.maxDoc = d;
  }

  /** Documents changed since the base was built (fresh + masked). */
  get pending(): number {
    return this.masked.size + this.freshDocs.size;
  }

  get size(): number {
    return this.liveDocs;
  }

  private inBase(doc: number): boolean {
    return this.base.docs.has(doc) && !this.masked.has(doc);
  }

  private has(doc: number): boolean {
    return this.inBase(doc) || this.freshDocs.has(doc);
  }

  /** Index (or re-index) one document. */
  set(doc: number, terms: DocTerms): void {
    this.remove(doc);
    if (doc > this.maxDoc) this.maxDoc = doc;
    const perField = terms.map(counts);
    this.freshDocs.set(doc, perField);
    for (let f = 0; f < 3; f++) {
      for (const [term, tf] of perField[f]) {
        let m = this.fresh[f].get(term);
        if (!m) this.fresh[f].set(term, (m = new Map()));
        m.set(doc, tf);
      }
    }
    this.liveDocs += 1;
  }

  remove(doc: number): void {
    if (!this.has(doc)) return;
    this.liveDocs -= 1;
    if (this.base.docs.has(doc)) this.masked.add(doc);
    const old = this.freshDocs.get(doc);
    if (!old) return;
    this.freshDocs.delete(doc);
    for (let f = 0; f < 3; f++) {
      for (const term of old[f].keys()) {
        const m = this.fresh[f].get(term);
        m?.delete(doc);
        if (m && m.size === 0) this.fresh[f].delete(term);
      }
    }
  }

  private df(f: number, term: string): number {
    return (this.base.fields[f].get(term)?.docs.length ?? 0) + (this.fresh[f].get(term)?.size ?? 0);
  }

  /** Documents containing `term` in any of `fields`, with a tf-idf score. */
  match(fields: readonly number[], term: string, into: DocScores = new DocScores(this.maxDoc + 1)): DocScores {
    const n = Math.max(1, this.liveDocs);
    for (const f of fields) {
      const df = this.df(f, term);
      if (!df) continue;
      const weight = BOOST[f] * Math.log(1 + n / df);
      const p = this.base.fields[f].get(term);
      if (p) {
        const { docs, tfs } = p;
        const masked = this.masked;
        const anyMasked = masked.size > 0;
        for (let i = 0; i < docs.length; i++) {
          const d = docs[i];
          if (anyMasked && masked.has(d)) continue;
          into.add(d, weight * tfWeight(tfs[i]));
        }
      }
      const m = this.fresh[f].get(term);
      if (m) for (const [d, tf] of m) into.add(d, weight * tfWeight(tf));
    }
    return into;
  }

  /** Index terms of `fields` matching a glob (`*` any run, `?` one character). */
  expand(fields: readonly number[], glob: string): string[] {
    const star = glob.indexOf('*');
    const q = glob.indexOf('?');
    const simplePrefix = q === -1 && star === glob.length - 1;
    const prefix = glob.slice(0, Math.min(star === -1 ? glob.length : star, q === -1 ? glob.length : q));
    const re = simplePrefix ? undefined : new RegExp('^' + glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.') + '$');
    const ok = (t: string) => t.startsWith(prefix) && (!re || re.test(t));
    const out = new Set<string>();
    for (const f of fields) {
      const sorted = this.base.sortedTerms(f);
      let lo = 0;
      let hi = sorted.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (sorted[mid] < prefix) lo = mid + 1;
        else hi = mid;
      }
      for (let i = lo; i < sorted.length && sorted[i].startsWith(prefix); i++) if (ok(sorted[i])) out.add(sorted[i]);
      for (const t of this.fresh[f].keys()) if (ok(t)) out.add(t);
    }
    return [...out];
  }

  /** Fold the fresh segment into a new base (cost proportional to the whole index). */
  merge(): void {
    if (!this.pending) return;
    const next = new Base();
    for (const doc of this.base.docs) if (!this.masked.has(doc)) next.docs.add(doc);
    for (const doc of this.freshDocs.keys()) next.docs.add(doc);
    for (let f = 0; f < 3; f++) {
      const terms = new Set([...this.base.fields[f].keys(), ...this.fresh[f].keys()]);
      for (const term of terms) {
        const docs: number[] = [];
        const tfs: number[] = [];
        const p = this.base.fields[f].get(term);
        if (p) {
          for (let i = 0; i < p.docs.length; i++) {
            if (this.masked.has(p.docs[i])) continue;
            docs.push(p.docs[i]);
            tfs.push(p.tfs[i]);
          }
        }
        const m = this.fresh[f].get(term);
        if (m) for (const [d, tf] of m) (docs.push(d), tfs.push(Math.min(tf, 65535)));
        if (docs.length) next.fields[f].set(term, { docs: Int32Array.from(docs), tfs: Uint16Array.from(tfs) });
      }
      this.fresh[f].clear();
    }
    this.base = next;
    this.masked.clear();
    this.freshDocs.clear();
    this.liveDocs = next.docs.size;
  }
}
