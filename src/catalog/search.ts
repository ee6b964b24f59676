// Query evaluation: the most selective index lookup drives, every other criterion filters the
// candidates, then a partial sort picks the first `need` results.
import { getNode } from '../state/nodes.ts';
import { traverse } from '../state/select.ts';
import type { Catalog } from './catalog.ts';
import { INDEXES } from './indexes.ts';
import type { Rec } from './record.ts';
import { compareKeys, compile, matchSecurity, matchWindow, Positions, sortKey, topK, type CatalogQuery, type Criterion } from './query.ts';
import { DocScores } from './docscores.ts';
import { evaluateText } from './textquery.ts';

export interface SearchResult {
  /** Number of matches (capped by the query's limit). */
  total: number;
  /** Matches in order; at least the first `need` of them. */
  items: Rec[];
}

interface Source {
  size: number;
  /** The source yields exactly the records matching its criterion (else the criterion is still checked). */
  exact?: boolean;
  criterion: Criterion | 'security';
  each: (visit: (rec: Rec) => void) => void;
}

function union(parts: (Rec[] | Set<Rec>)[], dedupe: boolean, criterion: Source['criterion']): Source {
  const size = parts.reduce((n, p) => n + (Array.isArray(p) ? p.length : p.size), 0);
  return {
    size,
    criterion,
    each: (visit) => {
      const seen = dedupe && parts.length > 1 ? new Set<Rec>() : undefined;
      for (const part of parts) {
        for (const rec of part) {
          if (seen) {
            if (seen.has(rec)) continue;
            seen.add(rec);
          }
          visit(rec);
        }
      }
    },
  };
}

/** An index lookup for a criterion, when the index has buckets and the criterion can use them. */
function lookup(catalog: Catalog, c: Criterion): Source | undefined {
  if (!['field', 'uuid', 'keyword', 'boolean'].includes(c.kind) || c.query === undefined || c.range || !c.query.length) return undefined;
  if (c.kind === 'keyword' && c.operator === 'and') {
    const parts = c.query.map((v) => catalog.bucket(c.index, v));
    parts.sort((a, b) => (Array.isArray(a) ? a.length : a.size) - (Array.isArray(b) ? b.length : b.size));
    return { ...union([parts[0]], false, c), exact: parts.length === 1 };
  }
  return { ...union(c.query.map((v) => catalog.bucket(c.index, v)), c.kind === 'keyword', c), exact: true };
}

/** Path queries without navtree: walk the tree below each path, down to the depth asked. */
function pathSource(catalog: Catalog, c: Criterion): Source | undefined {
  const depth = c.depth ?? -1;
  const paths = (c.query ?? []) as string[];
  if (c.navtree || (depth < 0 && paths.includes(''))) return undefined;
  const recs: Rec[] = [];
  const seen = new Set<string>();
  for (const p of paths) {
    const start = traverse(catalog.state, p.split('/').filter(Boolean));
    if (!start) continue;
    const stack: [string, number][] = [[start.uid, 0]];
    while (stack.length) {
      const [uid, d] = stack.pop()!;
      const rec = catalog.records.get(uid);
      if (rec && !seen.has(uid) && (depth < 0 || (depth === 0 ? d === 0 : d >= 1))) {
        seen.add(uid);
        recs.push(rec);
      }
      if (depth >= 0 && d >= depth) continue;
      for (const child of getNode(catalog.state, uid)?.children ?? []) stack.push([child, d + 1]);
    }
  }
  return { size: recs.length, criterion: c, exact: true, each: (visit) => recs.forEach(visit) };
}

export function evaluate(catalog: Catalog, query: CatalogQuery): SearchResult {
  const positions = new Positions(catalog.state);
  const texts: { c: Criterion; m: DocScores }[] = [];
  const sources: Source[] = [];
  const filters: Criterion[] = [];
  for (const c of query.criteria) {
    if (c.kind === 'text') {
      const m = evaluateText(c.text!, c.fields!, { index: catalog.text, termsOf: (d) => catalog.termsOfDoc(d) });
      texts.push({ c, m });
      sources.push({
        size: m.size,
        criterion: c,
        each: (visit) => m.forEach((d) => {
          const rec = catalog.byDoc[d];
          if (rec) visit(rec);
        }),
      });
      continue;
    }
    const source = lookup(catalog, c);
    if (source) sources.push(source);
    filters.push(c);
  }
  if (!sources.length) {
    const paths = filters.filter((c) => c.kind === 'path');
    const path = paths.length === 1 ? pathSource(catalog, paths[0]) : undefined;
    if (path) sources.push(path);
  }
  sources.sort((a, b) => a.size - b.size);
  const driver = sources[0];
  const checks = filters
    .filter((c) => c !== driver?.criterion || c.not || !driver.exact)
    .map((c) => compile(c, positions))
    .filter((f): f is (rec: Rec) => boolean => f !== null);
  const textChecks = texts.filter((t) => t.c !== driver?.criterion).map((t) => t.m);
  const tokens = query.tokens ? new Set(query.tokens) : undefined;
  const at = query.activeAt;
  const matches: Rec[] = [];
  const accept = (rec: Rec) => {
    for (const check of checks) if (!check(rec)) return;
    for (const m of textChecks) if (!m.has(rec.doc)) return;
    if (tokens && !matchSecurity(rec, tokens)) return;
    if (at !== undefined && !matchWindow(rec, at)) return;
    matches.push(rec);
  };
  if (driver) driver.each(accept);
  else for (const rec of catalog.records.values()) accept(rec);
  let scores: DocScores | undefined;
  if (texts.length === 1) scores = texts[0].m;
  else if (texts.length > 1) {
    scores = new DocScores(catalog.text.maxDoc + 1);
    for (const t of texts) t.m.forEach((d, s) => scores!.add(d, s));
  }
  return order(matches, query, positions, scores);
}

/** Sort (partially) and cap; shared with the brute-force scan. */
export function order(matches: Rec[], query: CatalogQuery, positions: Positions, scores?: { get(d: number): number | undefined }): SearchResult {
  const total = query.limit !== undefined ? Math.min(query.limit, matches.length) : matches.length;
  const need = Math.min(total, query.need ?? total);
  const sort = query.sort.filter((s) => s.index === 'path' || Object.hasOwn(INDEXES, s.index));
  if (!sort.length && !scores) return { total, items: topK(matches, need, (a, b) => a.doc - b.doc) };
  const n = matches.length;
  // numeric columns in typed arrays (NaN = missing), other keys in plain arrays
  const cols = sort.map((s) => {
    const kind = INDEXES[s.index];
    if (kind === 'date' || kind === 'position') {
      const col = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        const k = sortKey(matches[i], s.index, kind, positions);
        col[i] = typeof k === 'number' ? k : NaN;
      }
      return col;
    }
    return matches.map((r) => sortKey(r, s.index, kind, positions));
  });
  if (sort.length === 1 && cols[0] instanceof Float64Array && !scores && need > 0 && need < n) {
    return { total, items: selectNumeric(cols[0], sort[0].reverse, need, matches) };
  }
  const score = scores ? Float64Array.from(matches, (r) => scores.get(r.doc) ?? 0) : undefined;
  const cmp = (i: number, j: number) => {
    for (let k = 0; k < sort.length; k++) {
      const col = cols[k];
      let c: number;
      if (col instanceof Float64Array) {
        const x = col[i];
        const y = col[j];
        c = x === y ? 0 : Number.isNaN(x) ? (Number.isNaN(y) ? 0 : 1) : Number.isNaN(y) ? -1 : (x < y ? -1 : 1) * (sort[k].reverse ? -1 : 1);
      } else c = compareKeys(col[i], col[j], sort[k].reverse);
      if (c) return c;
    }
    if (score && score[i] !== score[j]) return score[j] - score[i];
    return matches[i].doc - matches[j].doc;
  };
  const indices = new Int32Array(n);
  for (let i = 0; i < n; i++) indices[i] = i;
  const picked = topK(indices, need, cmp);
  return { total, items: Array.from(picked, (i) => matches[i]) };
}

/** The first `need` matches by one numeric key (missing last), ties by intid: quickselect, then a small sort. */
function selectNumeric(col: Float64Array, reverse: boolean, need: number, matches: Rec[]): Rec[] {
  const n = col.length;
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) keys[i] = Number.isNaN(col[i]) ? Infinity : reverse ? -col[i] : col[i];
  const scratch = keys.slice();
  // Hoare quickselect for the need-th smallest key
  let lo = 0;
  let hi = n - 1;
  const k = need - 1;
  while (lo < hi) {
    const pivot = scratch[(lo + hi) >> 1];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (scratch[i] < pivot) i++;
      while (scratch[j] > pivot) j--;
      if (i <= j) {
        const t = scratch[i];
        scratch[i] = scratch[j];
        scratch[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break;
  }
  const threshold = scratch[k];
  const chosen: number[] = [];
  for (let i = 0; i < n; i++) if (keys[i] <= threshold) chosen.push(i);
  chosen.sort((a, b) => keys[a] - keys[b] || (keys[a] === keys[b] ? matches[a].doc - matches[b].doc : 0));
  return chosen.slice(0, need).map((i) => matches[i]);
}
