// The catalog's per-document data, by dense document number (the node's intid), kept in columns
// rather than one record object per document: the UID, the id and the sortable title in arrays,
// every date index in a Float64Array (NaN: no value), and the other index values (mostly shared:
// type, state, security tokens, interfaces…) as one interned, reference-counted profile per
// distinct combination. An Entry is put together only when asked for. Besides: a live bitset,
// the publication window as typed arrays, the path index, one posting index per bucketed index,
// and sort columns built on first use. Updates are diffs: only the postings of the values that
// changed are touched.
import { add, grow, remove, wordsFor, type Bits } from './bitset.ts';
import { BlockBounds } from './blocks.ts';
import { INDEXES } from './indexes.ts';
import { PathIndex } from './pathindex.ts';
import { Scratch } from './scratch.ts';
import { ValueIndex, type Postings } from './postings.ts';
import { ColumnIndex } from './column-index.ts';
import { keyOf, type Scalar } from './query.ts';
import { NO_EFFECTIVE, NO_EXPIRES, type Entry, type IndexValue } from './record.ts';

/** Indexes kept as value -> documents postings. */
export const BUCKETED = Object.keys(INDEXES).filter((n) => ['field', 'uuid', 'keyword', 'boolean'].includes(INDEXES[n]));
/**
 * The postings a put or drop maintains: `id` always equals `getId` (one index serves both), and the
 * UID index is `byUid` (a UID is one document).
 */
const MAINTAINED = BUCKETED.filter((n) => n !== 'id' && n !== 'UID');
/** Posting key of the documents without a value (null, or an empty keyword list). */
export const NO_VALUE = '\u0000none';

/** Key of a profile that holds a long value: one document's own, never shared. */
const OWN_PROFILE = '\u0000own';
/** Characters of profiled values (all strings together) from which a profile is a document's own. */
const OWN_FROM = 64 * 1024;
const charsOf = (value: IndexValue): number => {
  if (typeof value === 'string') return value.length;
  let n = 0;
  if (Array.isArray(value)) for (const x of value) if (typeof x === 'string') n += x.length;
  return n;
};
const holdsLong = (values: IndexValue[]): boolean => {
  let n = 0;
  for (const value of values) if ((n += charsOf(value)) >= OWN_FROM) return true;
  return false;
};

/** The posting keys of `value`: its elements (a keyword index) or its key (a field index); NO_VALUE when it has none. */
function postingKeys(value: IndexValue | undefined, keyword: boolean): readonly string[] {
  if (value !== null && value !== undefined) {
    if (Array.isArray(value)) {
      // a repeated value is posted once (Set semantics of postings make this idempotent)
      if (keyword && value.length) return value;
    } else if (!keyword) return [keyOf(value)];
  }
  return NONE;
}
const NONE: readonly string[] = Object.freeze([NO_VALUE]);

/** Add (or remove) `doc` under the keys of `value`, or under NO_VALUE when it has none. */
function post(index: Postings, keyword: boolean, value: IndexValue | undefined, doc: number, adding: boolean): void {
  if (typeof value === 'string' && !keyword) {
    if (adding) index.add(value, doc);
    else index.remove(value, doc);
    return;
  }
  for (const key of postingKeys(value, keyword)) {
    if (adding) index.add(key, doc);
    else index.remove(key, doc);
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

/** Index values held in columns of their own (one value per document, rarely shared). */
const OWN_COLUMNS = new Set(['UID', 'getId', 'id', 'sortable_title']);
/** Date indexes: one Float64Array each, made when a document first has a value (or a sort asks). */
export const DATES = Object.keys(INDEXES).filter((n) => INDEXES[n] === 'date');
const IS_DATE = new Set(DATES);
/**
 * The value nearly every document has for a date index: no column is made while every document
 * has it (effective and expires: Plone's defaults for no date); other date indexes: none (NaN).
 */
const USUAL = new Map([
  ['effective', NO_EFFECTIVE],
  ['expires', NO_EXPIRES],
]);
const usualOf = (name: string): number => USUAL.get(name) ?? NaN;
/** DATES' usual values, and their places in DATES */
const USUALS = DATES.map(usualOf);
const DATE_AT = new Map(DATES.map((n, i) => [n, i]));
/** The rest of the value indexes: kept in profiles. */
const PROFILED = Object.keys(INDEXES).filter((n) => ['field', 'uuid', 'keyword', 'boolean'].includes(INDEXES[n]) && !OWN_COLUMNS.has(n));
const PROFILED_SET = new Set(PROFILED);

/** The shared part of entries: the profiled index values, the grants and the relation flag. */
interface Profile {
  readonly key: string;
  readonly v: Readonly<Record<string, IndexValue>>;
  readonly grants: readonly string[];
  readonly relates: boolean;
  refs: number;
  /** per maintained index (MAINTAINED order), the posting keys of its value; none for the indexes not profiled (made on first use) */
  keys?: (readonly string[] | undefined)[];
}

/** The posting keys of a profile's values, per maintained index. */
function profileKeys(profile: Profile): (readonly string[] | undefined)[] {
  return MAINTAINED.map((n) => (PROFILED_SET.has(n) ? postingKeys(profile.v[n], INDEXES[n] === 'keyword') : undefined));
}

const NO_GRANTS: readonly string[] = Object.freeze([]);

/**
 * Whether `profile` holds exactly these values, grants and relation flag: then its key is the one
 * they would make (the same strings, numbers and lists, element by element).
 */
function holdsProfile(profile: Profile, v: Record<string, IndexValue>, grants: readonly string[], relates: boolean): boolean {
  if (profile.relates !== relates || !sameValue(profile.grants as string[], grants as string[])) return false;
  const pv = profile.v;
  for (let i = 0; i < PROFILED.length; i++) {
    const n = PROFILED[i];
    if (!sameValue(pv[n], v[n] ?? null)) return false;
  }
  return true;
}

/** An entry put together from the columns (index values built on first read). */
class EntryView implements Entry {
  private values: Record<string, IndexValue> | undefined;
  constructor(
    private readonly table: DocTable,
    readonly uid: string,
    readonly doc: number,
  ) {}
  get v(): Record<string, IndexValue> {
    return (this.values ??= this.table.valuesOf(this.doc));
  }
  get eff(): number {
    return this.table.effAt(this.doc);
  }
  get exp(): number {
    return this.table.expAt(this.doc);
  }
  get grants(): readonly string[] {
    return this.table.profileOf(this.doc)?.grants ?? NO_GRANTS;
  }
  get relates(): boolean {
    return this.table.profileOf(this.doc)?.relates ?? false;
  }
}

export class DocTable {
  /** UID by document (undefined: no document). */
  readonly uids: (string | undefined)[] = [];
  /** getId / id by document. */
  private readonly names: (string | undefined)[] = [];
  /** sortable_title by document. */
  private readonly titles: (string | undefined)[] = [];
  private readonly profiles: (Profile | undefined)[] = [];
  /** distinct profiles by key; one leaves when no document uses it */
  private readonly profileByKey = new Map<string, Profile>();
  /** the profile last made or found by its key (a shared one; in use while its refs > 0) */
  private lastProfile: Profile | undefined;
  /**
   * The date columns made so far (NaN: no value); a date index every document has its usual value
   * for (USUAL: no value, or Plone's default effective and expires dates) has none (most sites:
   * effective, expires, start, end): 8 B per document each.
   */
  private readonly dates = new Map<string, Float64Array>();
  /** the same, in DATES order (a put reads them by place) */
  private readonly dateCols: (Float64Array | undefined)[] = DATES.map(() => undefined);
  /** block bounds of each date column (blocks.ts), in DATES order */
  private readonly bounds = DATES.map(() => new BlockBounds());
  /** UID -> document, over the `uids` column: also the postings of the UID index. */
  private readonly byUid = new ColumnIndex((d) => this.uids[d] ?? NO_VALUE);
  live: Bits = new Uint32Array(32);
  count = 0;
  /** One more than the highest document number ever stored. */
  capacity = 0;
  /** Documents the Float64 columns have room for. */
  private room = 1024;
  /** The publication windows (ms), made when a document has a bound (-inf / +inf: none). */
  private effs: Float64Array | undefined;
  private exps: Float64Array | undefined;
  readonly paths = new PathIndex();
  /** getId and sortable_title: over their columns (a value is mostly one document's); the others: maps */
  readonly indexes = new Map<string, Postings>(
    MAINTAINED.map((n) => [n, n === 'getId' ? new ColumnIndex((d) => this.names[d] ?? NO_VALUE) : n === 'sortable_title' ? new ColumnIndex((d) => this.titles[d] ?? NO_VALUE) : new ValueIndex()]),
  );
  /** the maintained ones, as arrays in MAINTAINED order */
  private readonly postings = MAINTAINED.map((n) => this.indexes.get(n)!);
  private readonly keyword = MAINTAINED.map((n) => INDEXES[n] === 'keyword');
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
  /** A new document is posted under its profile's keys (tests turn it off: then value by value, as an update). */
  keysOfProfiles = true;

  constructor() {
    this.indexes.set('id', this.indexes.get('getId')!);
    this.indexes.set('UID', this.byUid);
  }

  /** The document of a UID. */
  docOf(uid: string): number | undefined {
    return this.byUid.first(uid);
  }

  get words(): number {
    return wordsFor(this.capacity);
  }

  /** Number of distinct profiles (benchmarks). */
  get profileCount(): number {
    return this.profileByKey.size;
  }

  has(doc: number): boolean {
    return this.uids[doc] !== undefined;
  }

  /** The entry of `doc`, put together from the columns. */
  entry(doc: number): Entry | undefined {
    const uid = this.uids[doc];
    return uid === undefined ? undefined : new EntryView(this, uid, doc);
  }

  profileOf(doc: number): Profile | undefined {
    return this.profiles[doc];
  }

  /** The value of index `name` for `doc` (undefined: no document, or not a value index). */
  value(doc: number, name: string): IndexValue | undefined {
    switch (name) {
      case 'UID':
        return this.uids[doc];
      case 'getId':
      case 'id':
        return this.names[doc];
      case 'sortable_title':
        return this.titles[doc];
    }
    if (IS_DATE.has(name)) {
      if (this.uids[doc] === undefined) return undefined;
      const col = this.dates.get(name);
      const x = col ? col[doc] : usualOf(name);
      return Number.isNaN(x) ? null : x;
    }
    return this.profiles[doc]?.v[name];
  }

  /** Start of the publication window of `doc` (ms; -Infinity: none). */
  effAt(doc: number): number {
    return this.effs ? this.effs[doc] : -Infinity;
  }

  /** End of the publication window of `doc` (ms; Infinity: none). */
  expAt(doc: number): number {
    return this.exps ? this.exps[doc] : Infinity;
  }

  /** Every index value of `doc`, as a fresh record. */
  valuesOf(doc: number): Record<string, IndexValue> {
    const out: Record<string, IndexValue> = { ...this.profiles[doc]?.v };
    for (const name of OWN_COLUMNS) out[name] = this.value(doc, name) ?? null;
    for (const name of DATES) out[name] = this.value(doc, name) ?? null;
    return out;
  }

  /**
   * Room for documents below `n` in every column at once (a build from a state of known size):
   * columns that double as they fill leave the freed smaller ones behind in the process (malloc
   * keeps freed blocks in the middle of its heap).
   */
  reserve(n: number): void {
    if (n <= this.room) return;
    this.live = grow(this.live, wordsFor(n));
    this.widen(n);
    this.paths.reserve(n);
    this.byUid.reserve(n);
    for (const index of this.indexes.values()) if (index instanceof ColumnIndex) index.reserve(n);
  }

  private widen(size: number): void {
    const widen = (col: Float64Array, fill: number) => {
      const next = new Float64Array(size);
      if (fill !== 0) next.fill(fill, col.length);
      next.set(col);
      return next;
    };
    this.room = size;
    if (this.effs) this.effs = widen(this.effs, -Infinity);
    if (this.exps) this.exps = widen(this.exps, Infinity);
    for (const [name, col] of this.dates) this.setDateColumn(name, widen(col, NaN));
    for (const [name, col] of this.columns) if (col instanceof Float64Array) this.columns.set(name, widen(col, NaN));
  }

  private ensure(doc: number): void {
    if (doc < this.capacity) return;
    this.capacity = doc + 1;
    this.live = grow(this.live, wordsFor(this.capacity));
    if (doc >= this.room) this.widen(Math.max(doc + 1, this.room * 2));
  }

  /** The interned profile of `entry` (its reference count not yet taken). */
  private profileFor(entry: Entry, old: Profile | undefined): Profile {
    const grants = entry.grants?.length ? entry.grants : NO_GRANTS;
    const relates = entry.relates === true;
    // most writes keep a document's profile, or take the last one made or found (a new document
    // like the one before): compared value by value, no key made
    if (old && old.key !== OWN_PROFILE && holdsProfile(old, entry.v, grants, relates)) return old;
    const last = this.lastProfile;
    if (last && last !== old && last.refs > 0 && holdsProfile(last, entry.v, grants, relates)) return last;
    const values: IndexValue[] = PROFILED.map((n) => entry.v[n] ?? null);
    // values of many kilobytes (a subject of megabytes, thousands of long subjects) are shared by
    // no other document: its own profile, never looked up (its key would be a copy of megabytes
    // made in one step)
    const key = holdsLong(values) ? OWN_PROFILE : JSON.stringify([values, grants, relates]);
    let profile = key === OWN_PROFILE ? undefined : this.profileByKey.get(key);
    if (!profile) {
      const v: Record<string, IndexValue> = {};
      PROFILED.forEach((n, i) => (v[n] = values[i]));
      profile = { key, v: Object.freeze(v), grants: Object.freeze(grants), relates, refs: 0, keys: undefined };
      if (key !== OWN_PROFILE) this.profileByKey.set(key, profile);
    }
    if (key !== OWN_PROFILE) this.lastProfile = profile;
    return profile;
  }

  private setProfile(doc: number, profile: Profile | undefined): void {
    const old = this.profiles[doc];
    if (old === profile) return;
    if (profile) profile.refs++;
    if (old && --old.refs === 0 && old.key !== OWN_PROFILE) this.profileByKey.delete(old.key);
    this.profiles[doc] = profile;
  }

  /**
   * Store or update the entry of `entry.doc` (the document number must be free or the same uid's).
   * `newUid`: the caller knows that no document holds `entry.uid` (a new object): none is looked for.
   */
  put(entry: Entry, parentDoc: number, id: string, newUid = false): void {
    const doc = entry.doc;
    this.ensure(doc);
    const had = this.uids[doc] !== undefined;
    const oldProfile = this.profiles[doc];
    const profile = this.profileFor(entry, oldProfile);
    // a new document: the posting keys of its profiled values are its profile's, found once for all its documents
    const keys = had || !this.keysOfProfiles ? undefined : (profile.keys ??= profileKeys(profile));
    for (let i = 0; i < MAINTAINED.length; i++) {
      const known = keys?.[i];
      if (known) {
        for (let k = 0; k < known.length; k++) this.postings[i].add(known[k], doc);
        continue;
      }
      const name = MAINTAINED[i];
      const after = entry.v[name];
      if (had) {
        const before = this.value(doc, name);
        if (sameValue(before, after)) continue;
        post(this.postings[i], this.keyword[i], before, doc, false);
      }
      post(this.postings[i], this.keyword[i], after, doc, true);
    }
    if (oldProfile?.grants !== profile.grants) {
      for (const p of oldProfile?.grants ?? []) this.grants.remove(p, doc);
      for (const p of profile.grants) this.grants.add(p, doc);
    }
    this.setProfile(doc, profile);
    this.uids[doc] = entry.uid;
    const name = entry.v.getId;
    this.names[doc] = typeof name === 'string' ? name : undefined;
    const title = entry.v.sortable_title;
    this.titles[doc] = typeof title === 'string' ? title : undefined;
    const dateCols = this.dateCols;
    for (let i = 0; i < DATES.length; i++) {
      const x = entry.v[DATES[i]];
      const has = typeof x === 'number' && !Number.isNaN(x);
      const value = has ? x : NaN;
      const col = dateCols[i];
      if (col) col[doc] = value;
      else if (!Object.is(value, USUALS[i])) this.dateColumn(DATES[i])[doc] = value;
      if (has) this.bounds[i].note(doc, x);
    }
    this.paths.set(doc, parentDoc, id);
    if (this.effs || entry.eff !== -Infinity) (this.effs ??= new Float64Array(this.room).fill(-Infinity))[doc] = entry.eff;
    if (this.exps || entry.exp !== Infinity) (this.exps ??= new Float64Array(this.room).fill(Infinity))[doc] = entry.exp;
    if (!had) {
      // a UID moved to another document number leaves the old one
      const before = newUid ? undefined : this.byUid.first(entry.uid);
      if (before !== undefined && before !== doc) this.byUid.remove(entry.uid, before);
      this.byUid.add(entry.uid, doc);
      add(this.live, doc);
      this.count++;
    }
    if (this.columns.size) for (const [n, col] of this.columns) this.setColumn(n, col, doc);
    if (profile.relates) this.relating.add(doc);
    else this.relating.delete(doc);
  }

  /** Update only the allowedRolesAndUsers tokens (a subtree's security changed). */
  putTokens(doc: number, tokens: string[]): void {
    const old = this.entry(doc);
    if (!old || sameValue(this.value(doc, 'allowedRolesAndUsers'), tokens)) return;
    const grants = old.grants;
    const relates = old.relates;
    this.put({ uid: old.uid, doc, v: { ...old.v, allowedRolesAndUsers: tokens }, eff: old.eff, exp: old.exp, grants, relates }, this.paths.parent[doc], this.paths.ids[doc]!);
  }

  drop(doc: number): void {
    const uid = this.uids[doc];
    if (uid === undefined) return;
    for (let i = 0; i < MAINTAINED.length; i++) post(this.postings[i], this.keyword[i], this.value(doc, MAINTAINED[i]), doc, false);
    for (const p of this.profiles[doc]?.grants ?? []) this.grants.remove(p, doc);
    this.setProfile(doc, undefined);
    this.relating.delete(doc);
    // before the column forgets the UID (the index reads it)
    if (this.byUid.first(uid) === doc) this.byUid.remove(uid, doc);
    this.uids[doc] = undefined;
    this.names[doc] = undefined;
    this.titles[doc] = undefined;
    for (const col of this.dates.values()) col[doc] = NaN;
    remove(this.live, doc);
    this.count--;
    this.paths.clear(doc);
    for (const col of this.columns.values()) {
      if (col instanceof Float64Array) col[doc] = NaN;
      else col[doc] = null;
    }
  }

  private setColumn(name: string, col: Column, doc: number): void {
    const key = sortValue(this.value(doc, name));
    if (col instanceof Float64Array) col[doc] = typeof key === 'number' ? key : NaN;
    else col[doc] = key;
  }

  /** The block bounds of a date index's column, undefined for other indexes. */
  boundsOf(name: string): BlockBounds | undefined {
    const i = DATE_AT.get(name);
    return i === undefined ? undefined : this.bounds[i];
  }

  /** The column of date index `name`, made (every document its usual value) when it has none yet. */
  private dateColumn(name: string): Float64Array {
    let col = this.dates.get(name);
    if (!col) this.setDateColumn(name, (col = new Float64Array(this.room).fill(usualOf(name))));
    return col;
  }

  private setDateColumn(name: string, col: Float64Array): void {
    this.dates.set(name, col);
    this.dateCols[DATE_AT.get(name)!] = col;
  }

  /** Sort keys of index `name` by document (dates as numbers, NaN when missing). */
  column(name: string): Column {
    if (IS_DATE.has(name)) return this.dateColumn(name);
    let col = this.columns.get(name);
    if (col) return col;
    col = INDEXES[name] === 'date' ? new Float64Array(this.room).fill(NaN) : new Array<Scalar | null>(this.capacity).fill(null);
    for (let d = 0; d < this.capacity; d++) if (this.uids[d] !== undefined) this.setColumn(name, col, d);
    this.columns.set(name, col);
    return col;
  }
}
