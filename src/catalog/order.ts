// Ordering the matches of a query: the first `need` of them in the query's order (the sort
// indexes, missing values last; then relevance; then document number), picked with a bounded
// heap over sort columns indexed by document number, so nothing sorts all the matches.
import { compareKeys, topK, type Scalar, type SortSpec } from './query.ts';
import { TopK } from './top-k.ts';

/** Sort keys by document number: a Float64Array (NaN = missing) or an array of scalars. */
export type KeyColumn = Float64Array | (Scalar | null | undefined)[];

/** The first `need` documents of `docs` (ascending document numbers) in query order. */
export function pickOrdered(docs: Int32Array, need: number, sort: SortSpec[], columns: KeyColumn[], scores: Float64Array | null): Int32Array {
  if (need <= 0) return new Int32Array(0);
  if (!sort.length && !scores) return docs.subarray(0, need);
  if (sort.length === 1 && !scores) {
    const col = columns[0];
    return col instanceof Float64Array ? byNumber(docs, need, col, sort[0].reverse) : byScalar(docs, need, col, sort[0].reverse);
  }
  if (!sort.length && scores) return byNumber(docs, need, scores, true);
  const cols = columns;
  const cmp = (a: number, b: number): number => {
    for (let k = 0; k < sort.length; k++) {
      const col = cols[k];
      let c: number;
      if (col instanceof Float64Array) {
        const x = col[a];
        const y = col[b];
        c = x === y ? 0 : Number.isNaN(x) ? (Number.isNaN(y) ? 0 : 1) : Number.isNaN(y) ? -1 : (x < y ? -1 : 1) * (sort[k].reverse ? -1 : 1);
      } else c = compareKeys(col[a] ?? null, col[b] ?? null, sort[k].reverse);
      if (c) return c;
    }
    if (scores && scores[a] !== scores[b]) return scores[b] - scores[a];
    return a - b;
  };
  return Int32Array.from(topK(docs, need, cmp));
}

/**
 * The first `need` documents by one numeric key (descending when `reverse`; NaN last), ties by
 * document number: a max-heap of the best `need` (key, doc) pairs.
 */
function byNumber(docs: Int32Array, need: number, col: Float64Array, reverse: boolean): Int32Array {
  const n = docs.length;
  const k = Math.min(need, n);
  const sign = reverse ? -1 : 1;
  const keyOf = (d: number) => {
    const x = col[d];
    return Number.isNaN(x) ? Infinity : sign * x;
  };
  if (k * 4 >= n) {
    const keys = new Float64Array(n);
    for (let i = 0; i < n; i++) keys[i] = keyOf(docs[i]);
    const idx = Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => keys[a] - keys[b] || docs[a] - docs[b]);
    const out = new Int32Array(k);
    for (let i = 0; i < k; i++) out[i] = docs[idx[i]];
    return out;
  }
  const best = new TopK(k);
  // Newest first is the usual order, and later documents tend to have later dates: scanned from
  // the end, the heap then fills with the best at once and the rest are turned away by one
  // comparison each (scanned from the start, every document would enter the heap). The result
  // does not depend on the direction (ties are ordered by document number).
  for (let at = 0; at < n; at++) {
    const d = docs[reverse ? n - 1 - at : at];
    best.offer(keyOf(d), d);
  }
  return best.sorted();
}

/** Order of two scalar keys as in compareKeys (missing last whatever the direction). */
function cmpKeys(x: Scalar | null | undefined, y: Scalar | null | undefined, sign: number): number {
  if (x === y) return 0;
  if (x === null || x === undefined) return y === null || y === undefined ? 0 : 1;
  if (y === null || y === undefined) return -1;
  const tx = typeof x;
  const ty = typeof y;
  if (tx === ty) return x < y ? -sign : x > y ? sign : 0;
  return tx < ty ? -sign : sign;
}

/** The first `need` documents by one scalar key column (strings, booleans...), ties by document. */
function byScalar(docs: Int32Array, need: number, col: (Scalar | null | undefined)[], reverse: boolean): Int32Array {
  const sign = reverse ? -1 : 1;
  const cmp = (a: number, b: number) => cmpKeys(col[a], col[b], sign) || a - b;
  const n = docs.length;
  const k = Math.min(need, n);
  if (k * 4 >= n) return docs.slice().sort(cmp).subarray(0, k);
  // max-heap of the best k: the root is the worst of them
  const heap = new Int32Array(k);
  let size = 0;
  for (let i = 0; i < n; i++) {
    const d = docs[i];
    if (size < k) {
      let j = size++;
      while (j > 0) {
        const p = (j - 1) >> 1;
        if (cmp(d, heap[p]) <= 0) break;
        heap[j] = heap[p];
        j = p;
      }
      heap[j] = d;
      continue;
    }
    if (cmp(d, heap[0]) >= 0) continue;
    let j = 0;
    for (;;) {
      const l = 2 * j + 1;
      if (l >= k) break;
      const r = l + 1;
      const m = r < k && cmp(heap[r], heap[l]) > 0 ? r : l;
      if (cmp(heap[m], d) <= 0) break;
      heap[j] = heap[m];
      j = m;
    }
    heap[j] = d;
  }
  return heap.subarray(0, size).sort(cmp);
}
