// A catalog query in normalised form (values already converted per index kind), the matching of
// one record against one criterion, and the sort order. Shared by the catalog's evaluation and
// by the brute-force scan the tests compare it with.
import { inWindow } from '../auth/publication.ts';
import type { SiteState } from '../state/model.ts';
import { getNode } from '../state/nodes.ts';
import { childPositions } from '../state/children.ts';
import type { IndexKind } from './indexes.ts';
import type { IndexValue, Rec } from './record.ts';
import type { TextNode } from './textquery.ts';

export type Scalar = string | number | boolean;

export interface Criterion {
  index: string;
  kind: IndexKind;
  /** Converted query values; undefined when only `not` was given. */
  query?: Scalar[];
  range?: 'min' | 'max' | 'minmax';
  operator?: 'and' | 'or';
  not?: Scalar[];
  /**
   * path: -1 unlimited (the object included), 0 the object only, 1 its children only, n > 1 the
   * object and levels 1..n below (Plone's ExtendedPathIndex: only depths 0 and 1 use its exact
   * parent/item sets; deeper searches count the object's own level in the range).
   */
  depth?: number;
  navtree?: boolean;
  navtreeStart?: number;
  /** text indexes: the parsed query and the full-text fields it searches */
  text?: TextNode;
  fields?: readonly number[];
}

export interface SortSpec {
  index: string;
  reverse: boolean;
}

export interface CatalogQuery {
  criteria: Criterion[];
  sort: SortSpec[];
  /** Cap on the number of results (sort_limit, querystring `limit`). */
  limit?: number;
  /** allowedRolesAndUsers tokens of the caller; null: no security filter. */
  tokens: string[] | null;
  /** Only objects effective at this time (ms); undefined: no window. */
  activeAt?: number;
  /** How many sorted results are needed (b_start + b_size); undefined: all. */
  need?: number;
}

/** Comparable key of a scalar: strings as is, others tagged so '1' and 1 differ. */
export const keyOf = (v: Scalar): string => (typeof v === 'string' ? v : `\u0000${typeof v}:${String(v)}`);

export function cmpScalar(a: Scalar, b: Scalar): number | undefined {
  if (typeof a !== typeof b) return undefined;
  return a < b ? -1 : a > b ? 1 : 0;
}

function inRange(value: Scalar, c: Criterion): boolean {
  const q = c.query!;
  if (!q.length) return true;
  const sorted = [...q].sort((a, b) => cmpScalar(a, b) ?? 0);
  const lo = sorted[0];
  const hi = sorted[sorted.length - 1];
  const geLo = (cmpScalar(value, lo) ?? -1) >= 0;
  const leHi = (cmpScalar(value, hi) ?? 1) <= 0;
  if (c.range === 'min') return geLo;
  if (c.range === 'max') return leHi;
  return geLo && leHi;
}

/** A single-valued index (field, uuid, date, boolean, position). */
export function matchScalar(value: IndexValue | undefined, c: Criterion): boolean {
  if (value === null || value === undefined || Array.isArray(value)) return false;
  if (c.query !== undefined) {
    if (c.range) {
      if (!inRange(value, c)) return false;
    } else {
      const k = keyOf(value);
      if (!c.query.some((q) => keyOf(q) === k)) return false;
    }
  }
  if (c.not?.length) {
    const k = keyOf(value);
    if (c.not.some((q) => keyOf(q) === k)) return false;
  }
  return true;
}

export function matchKeyword(value: IndexValue | undefined, c: Criterion): boolean {
  const list = Array.isArray(value) ? value : [];
  if (!list.length) return false;
  if (c.query !== undefined && c.query.length) {
    const has = (q: Scalar) => typeof q === 'string' && list.includes(q);
    if (c.operator === 'and' ? !c.query.every(has) : !c.query.some(has)) return false;
  }
  if (c.not?.length && c.not.some((q) => typeof q === 'string' && list.includes(q))) return false;
  return true;
}

/** Smallest distance below a searched path that a path query of `depth` >= 0 matches. */
export const minDepth = (depth: number): number => (depth === 1 ? 1 : 0);

/** Path criterion against a record's site-relative path. */
export function matchPath(rec: Rec, c: Criterion): boolean {
  const depth = c.depth ?? -1;
  for (const p of (c.query ?? []) as string[]) {
    const pDepth = p ? p.split('/').length - 1 : 0;
    if (c.navtree) {
      // every object along the path (from navtree_start) and its children down to `depth`
      const parts = p.split('/').slice(1);
      for (let level = c.navtreeStart ?? 0; level <= parts.length; level++) {
        const prefix = level ? '/' + parts.slice(0, level).join('/') : '';
        const d = rec.depth - level;
        const below = rec.path === prefix || rec.path.startsWith(prefix + '/');
        if (below && d >= (depth === 0 ? 0 : 1) && d <= Math.max(depth, 1)) return true;
        if (depth === 0 && rec.path === prefix) return true;
      }
      continue;
    }
    if (rec.path !== p && !rec.path.startsWith(p + '/')) continue;
    const d = rec.depth - pDepth;
    if (depth < 0 || (d >= minDepth(depth) && d <= depth)) return true;
  }
  return false;
}

export const matchWindow = inWindow;

/**
 * Sibling positions by UID, per children record: the record is immutable, so a folder's map is
 * built once (one pass over its children) for every query until the folder's children change.
 */
const SIBLINGS = new WeakMap<object, Map<string, number>>();
const NO_SIBLINGS = new Map<string, number>();

/** Position of a record among its siblings. */
export class Positions {
  private last: string | undefined;
  private lastMap = NO_SIBLINGS;
  constructor(private readonly state: SiteState) {}
  of(uid: string, parent: string | null): number {
    if (parent === null) return 0;
    if (parent !== this.last) {
      const node = getNode(this.state, parent);
      let m = node?.children ? SIBLINGS.get(node.children) : NO_SIBLINGS;
      if (!m) SIBLINGS.set(node!.children!, (m = childPositions(node!)));
      this.last = parent;
      this.lastMap = m;
    }
    return this.lastMap.get(uid) ?? 0;
  }
}

/** Non-text, non-path criterion against a record. */
export function matchValue(rec: Rec, c: Criterion, positions: Positions): boolean {
  switch (c.kind) {
    case 'keyword':
      return matchKeyword(rec.v[c.index], c);
    case 'path':
      return matchPath(rec, c);
    case 'position':
      return matchScalar(positions.of(rec.uid, rec.parent), c);
    case 'daterange':
      return (c.query ?? []).every((t) => typeof t === 'number' && matchWindow(rec, t));
    default:
      return matchScalar(rec.v[c.index], c);
  }
}

export function sortKey(rec: Rec, index: string, kind: IndexKind | undefined, positions: Positions): Scalar | null {
  if (index === 'path') return rec.path;
  if (kind === 'position') return positions.of(rec.uid, rec.parent);
  const v = rec.v[index];
  if (Array.isArray(v)) return v.length ? [...v].sort()[0] : null;
  return v ?? null;
}

export interface Keyed {
  rec: Rec;
  keys: (Scalar | null)[];
  score: number;
}

/** Sort keys of a record; `scores` gives relevance (text queries). */
export function keyed(rec: Rec, sort: SortSpec[], kinds: Record<string, IndexKind>, positions: Positions, score = 0): Keyed {
  return { rec, keys: sort.map((s) => sortKey(rec, s.index, kinds[s.index], positions)), score };
}

export function compareKeys(x: Scalar | null, y: Scalar | null, reverse: boolean): number {
  if (x === y) return 0;
  if (x === null) return 1;
  if (y === null) return -1;
  const c = cmpScalar(x, y) ?? (typeof x < typeof y ? -1 : 1);
  return reverse ? -c : c;
}

/** A total order: the sort indexes (missing values last), then relevance, then intid. */
export function comparator(sort: SortSpec[]): (a: Keyed, b: Keyed) => number {
  return (a, b) => {
    for (let i = 0; i < sort.length; i++) {
      const x = a.keys[i];
      const y = b.keys[i];
      if (x === y) continue;
      if (x === null) return 1;
      if (y === null) return -1;
      const c = cmpScalar(x, y) ?? (typeof x < typeof y ? -1 : 1);
      if (c) return sort[i].reverse ? -c : c;
    }
    if (a.score !== b.score) return b.score - a.score;
    return a.rec.doc - b.rec.doc;
  };
}

/** The first `k` items of `items` in `cmp` order (partial selection for small k). */
export function topK<T>(items: T[], k: number, cmp: (a: T, b: T) => number): T[];
export function topK(items: Int32Array, k: number, cmp: (a: number, b: number) => number): number[];
export function topK<T>(items: T[] | Int32Array, k: number, cmp: (a: any, b: any) => number): T[] {
  if (k >= items.length || k * 8 >= items.length) return Array.from(items as ArrayLike<T>).sort(cmp).slice(0, k);
  // max-heap of the best k seen so far
  const heap: T[] = [];
  const up = (i: number) => {
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (cmp(heap[i], heap[p]) <= 0) break;
      [heap[i], heap[p]] = [heap[p], heap[i]];
      i = p;
    }
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && cmp(heap[l], heap[m]) > 0) m = l;
      if (r < heap.length && cmp(heap[r], heap[m]) > 0) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m], heap[i]];
      i = m;
    }
  };
  for (const item of items as Iterable<T>) {
    if (heap.length < k) {
      heap.push(item);
      up(heap.length - 1);
    } else if (k > 0 && cmp(item, heap[0]) < 0) {
      heap[0] = item;
      down(0);
    }
  }
  return heap.sort(cmp);
}
