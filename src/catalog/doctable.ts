// The catalog's per-document data, by dense document number (the node's intid): the entry (index
// values), a live bitset, the publication window as typed arrays, the path index, one posting
// index per bucketed index, and sort columns built on first use. Updates are diffs: only the
// postings of the values that changed are touched.
import { add, grow, remove, wordsFor, type Bits } from './bitset.ts';
import { INDEXES } from './indexes.ts';
import { PathIndex } from './pathindex.ts';
import { Scratch } from './scratch.ts';
import { ValueIndex } from './postings.ts';
import { keyOf, type Scalar } from './query.ts';
import type { Entry, IndexValue } from './record.ts';

/** Indexes kept as value -> documents postings. */
export const BUCKETED = Object.keys(INDEXES).filter((n) => ['field', 'uuid', 'keyword', 'boolean'].includes(INDEXES[n]));
/** Posting key of the documents without a value (null, or an empty keyword list). */
export const NO_VALUE = '\u0000none';

/** Add (or remove) `doc` under the keys of `value`, or under NO_VALUE when it has none. */
function post(index: ValueIndex, keyword: boolean, value: IndexValue | undefined, doc: number, adding: boolean): void {
  let any = false;
  if (value !== null && value !== undefined) {
    if (Array.isArray(value)) {
      if (keyword) {
        for (let i = 0; i < value.length; i++) {
          // a repeated value is posted once (Set semantics of postings make this idempotent)
          if (adding) index.add(value[i], doc);
          else index.remove(value[i], doc);
          any = true;
        }
      }
    } else if (!keyword) {
      if (adding) index.add(keyOf(value), doc);
      else index.remove(keyOf(value), doc);
      any = true;
    }
  }
  if (!any) {
    if (adding) index.add(NO_VALUE, doc);
    else index.remove(NO_VALUE, doc);
  }
}

const sameValue = (a: IndexValue | undefined, b: IndexValue | undefined): boolean => {
  if (a === b) return true;
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

/** The sort key of a value: the smallest of a list, null when missing. */
export function sortValue(v: IndexValue | undefined): Scalar | null {
  if (Array.isArray(v)) return v.length ? [...v].sort()[0] : null;
  return v ?? null;
}

export type Column = Float64Array | (Scalar | null)[];

export class DocTable {
  readonly entries: (Entry | undefined)[] = [];
  readonly docOf = new Map<string, number>();
  live: Bits = new Uint32Array(32);
  count = 0;
  /** One more than the highest document number ever stored. */
  capacity = 0;
  eff = new Float64Array(1024);
  exp = new Float64Array(1024);
  readonly paths = new PathIndex();
  readonly indexes = new Map<string, ValueIndex>(BUCKETED.map((n) => [n, new ValueIndex()]));
  /** the same, as arrays in BUCKETED order */
  private readonly postings = BUCKETED.map((n) => this.indexes.get(n)!);
  private readonly keyword = BUCKETED.map((n) => INDEXES[n] === 'keyword');
  private readonly columns = new Map<string, Column>();
  /**
   * Principal -> the documents granting it local roles on themselves (not the catalog's
   * `allowedRolesAndUsers`, which holds only View-giving roles and inherits them): what a user's
   * or group's removal must visit, found without walking the site.
   */
  readonly grants = new ValueIndex();
  /** Documents that may be the source of relations (Entry.relates): what the @relations listing visits. */
  readonly relating = new Set<number>();
  /** Arrays a query evaluation reuses (scratch.ts). */
  readonly scratch = new Scratch();

  get words(): number {
    return wordsFor(this.capacity);
  }

  private ensure(doc: number): void {
    if (doc < this.capacity) return;
    this.capacity = doc + 1;
    this.live = grow(this.live, wordsFor(this.capacity));
    if (doc >= this.eff.length) {
      const size = Math.max(doc + 1, this.eff.length * 2);
      const eff = new Float64Array(size);
      eff.set(this.eff);
      const exp = new Float64Array(size);
      exp.set(this.exp);
      this.eff = eff;
      this.exp = exp;
      for (const [name, col] of this.columns) {
        if (col instanceof Float64Array) {
          const next = new Float64Array(size).fill(NaN);
          next.set(col);
          this.columns.set(name, next);
        }
      }
    }
  }

  /** Store or update the entry of `entry.doc` (the document number must be free or the same uid's). */
  put(entry: Entry, parentDoc: number, id: string): void {
    const doc = entry.doc;
    this.ensure(doc);
    const old = this.entries[doc];
    this.entries[doc] = entry;
    this.paths.set(doc, parentDoc, id);
    this.eff[doc] = entry.eff;
    this.exp[doc] = entry.exp;
    if (!old) {
      this.docOf.set(entry.uid, doc);
      add(this.live, doc);
      this.count++;
    }
    for (let i = 0; i < BUCKETED.length; i++) {
      const name = BUCKETED[i];
      const after = entry.v[name];
      if (old) {
        const before = old.v[name];
        if (sameValue(before, after)) continue;
        post(this.postings[i], this.keyword[i], before, doc, false);
      }
      post(this.postings[i], this.keyword[i], after, doc, true);
    }
    if (this.columns.size) for (const [name, col] of this.columns) this.setColumn(name, col, doc, entry);
    if (old?.grants !== entry.grants && !sameValue(old?.grants as string[] | undefined, entry.grants as string[] | undefined)) {
      for (const p of old?.grants ?? []) this.grants.remove(p, doc);
      for (const p of entry.grants ?? []) this.grants.add(p, doc);
    }
    if (entry.relates) this.relating.add(doc);
    else this.relating.delete(doc);
  }

  /** Update only the allowedRolesAndUsers tokens (a subtree's security changed). */
  putTokens(doc: number, tokens: string[]): void {
    const old = this.entries[doc];
    if (!old || sameValue(old.v.allowedRolesAndUsers, tokens)) return;
    this.put({ ...old, v: { ...old.v, allowedRolesAndUsers: tokens } }, this.paths.parent[doc], this.paths.ids[doc]!);
  }

  drop(doc: number): void {
    const old = this.entries[doc];
    if (!old) return;
    for (let i = 0; i < BUCKETED.length; i++) post(this.postings[i], this.keyword[i], old.v[BUCKETED[i]], doc, false);
    for (const p of old.grants ?? []) this.grants.remove(p, doc);
    this.relating.delete(doc);
    this.entries[doc] = undefined;
    if (this.docOf.get(old.uid) === doc) this.docOf.delete(old.uid);
    remove(this.live, doc);
    this.count--;
    this.paths.clear(doc);
    for (const col of this.columns.values()) {
      if (col instanceof Float64Array) col[doc] = NaN;
      else col[doc] = null;
    }
  }

  private setColumn(name: string, col: Column, doc: number, entry: Entry): void {
    const key = sortValue(entry.v[name]);
    if (col instanceof Float64Array) col[doc] = typeof key === 'number' ? key : NaN;
    else col[doc] = key;
  }

  /** Sort keys of index `name` by document (dates as numbers, NaN when missing). */
  column(name: string): Column {
    let col = this.columns.get(name);
    if (col) return col;
    col = INDEXES[name] === 'date' ? new Float64Array(this.eff.length).fill(NaN) : new Array<Scalar | null>(this.capacity).fill(null);
    for (let d = 0; d < this.capacity; d++) {
      const entry = this.entries[d];
      if (entry) this.setColumn(name, col, d, entry);
    }
    this.columns.set(name, col);
    return col;
  }
}
