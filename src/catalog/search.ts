// Query evaluation on document numbers: every criterion that has postings (value indexes, full
// text, security tokens, a path subtree) becomes a bitset, and their word-wise AND gives the
// candidates; the others (ranges, dates, positions, the publication window, a path below other
// criteria) filter the candidates one by one. Then a bounded heap picks the first `need`.
import { andInto, andNotInto, count, toDocs, type Bits } from './bitset.ts';
import type { SiteState } from '../state/model.ts';
import type { DocTerms, FullText } from './fulltext.ts';
import { NO_VALUE, type DocTable } from './doctable.ts';
import { INDEXES } from './indexes.ts';
import { pickOrdered, type KeyColumn } from './order.ts';
import { enumerateSpans, pathSpans, reachOf } from './pathindex.ts';
import { postingOrInto, type Posting, BitPosting } from './postings.ts';
import { keyOf, matchKeyword, matchScalar, Positions, type CatalogQuery, type Criterion } from './query.ts';
import type { Entry } from './record.ts';
import { evaluateText } from './texteval.ts';
import { pickByBlocks } from './blocks.ts';

/** What the evaluator reads of a catalog (the catalog hands itself over as this narrow view). */
export interface CatalogView {
  readonly table: DocTable;
  readonly state: SiteState;
  readonly text: FullText;
  termsOfDoc(doc: number): DocTerms | undefined;
}

export interface SearchResult {
  /** Number of matches (capped by the query's limit). */
  total: number;
  /** Matches in order; at least the first `need` of them. */
  items: Entry[];
}

type Predicate = (doc: number) => boolean;

/** OR of the postings of `keys` in a bitset (the posting itself when it is one bitset). */
function union(table: DocTable, index: string, keys: string[]): Bits {
  const postings = keys.map((k) => table.indexes.get(index)!.get(k)).filter((p): p is Posting => p !== undefined);
  if (postings.length === 1 && postings[0] instanceof BitPosting) return postings[0].bits;
  const bits = table.scratch.bitset(1, table.words, true);
  for (const p of postings) postingOrInto(p, bits);
  return bits;
}

/** Apply a value-index criterion to `acc` with postings; false when it needs a predicate. */
function applyPostings(table: DocTable, c: Criterion, acc: Bits): boolean {
  const keyword = c.kind === 'keyword';
  if (!keyword && (!['field', 'uuid', 'boolean'].includes(c.kind) || c.range)) return false;
  // same semantics as matchScalar / matchKeyword: a value is required (a non-empty list for
  // keywords); an empty query list matches nothing on a single-valued index, everything on a
  // keyword index; ranges are ignored on keyword indexes
  if (c.query !== undefined && c.query.length) {
    const keys = c.query.map(keyOf);
    if (keyword && c.operator === 'and') for (const k of keys) andInto(acc, union(table, c.index, [k]));
    else andInto(acc, union(table, c.index, keys));
  } else if (c.query !== undefined && !keyword) acc.fill(0);
  else andNotInto(acc, union(table, c.index, [NO_VALUE]));
  if (c.not?.length) andNotInto(acc, union(table, c.index, c.not.map(keyOf)));
  return true;
}

function predicate(catalog: CatalogView, c: Criterion, positions: Positions): Predicate {
  const table = catalog.table;
  const uids = table.uids;
  switch (c.kind) {
    case 'date': {
      const col = table.column(c.index) as Float64Array;
      return (d) => {
        const x = col[d];
        return matchScalar(Number.isNaN(x) ? null : x, c);
      };
    }
    case 'daterange': {
      const at = (c.query ?? []).filter((t) => typeof t === 'number') as number[];
      if (at.length !== (c.query ?? []).length) return () => false;
      return (d) => at.every((t) => table.effAt(d) <= t && t <= table.expAt(d));
    }
    case 'position':
      return (d) => {
        const up = table.paths.parent[d];
        return matchScalar(positions.of(uids[d]!, up < 0 ? null : (uids[up] ?? null)), c);
      };
    case 'keyword':
      return (d) => matchKeyword(table.value(d, c.index), c);
    default:
      return (d) => matchScalar(table.value(d, c.index), c);
  }
}

export function evaluate(catalog: CatalogView, query: CatalogQuery): SearchResult {
  const table = catalog.table;
  const positions = new Positions(catalog.state);
  const sort = query.sort.filter((s) => s.index === 'path' || Object.hasOwn(INDEXES, s.index));
  const scored = !sort.length;
  const acc = table.scratch.bitset(0, table.words, true);
  acc.set(table.live.subarray(0, table.words));
  const predicates: Predicate[] = [];
  let restricted = false;
  let scores: Float64Array | null = null;
  const paths: Criterion[] = [];
  for (const c of query.criteria) {
    if (c.kind === 'path') {
      paths.push(c);
      continue;
    }
    if (c.kind === 'text') {
      const hits = evaluateText(c.text!, c.fields!, { index: catalog.text, termsOf: (d) => catalog.termsOfDoc(d), words: table.words, scored });
      andInto(acc, hits.bits);
      if (hits.scores) {
        if (!scores) scores = hits.scores;
        else for (let i = 0; i < scores.length; i++) scores[i] += hits.scores[i];
      }
      restricted = true;
      continue;
    }
    if (applyPostings(table, c, acc)) restricted = true;
    else predicates.push(predicate(catalog, c, positions));
  }
  for (const c of paths) {
    const spans = pathSpans(catalog.state, c);
    if (spans === null) continue;
    if (!restricted) {
      andInto(acc, enumerateSpans(catalog.state, spans, (d) => table.uids[d], table.capacity));
      restricted = true;
    } else {
      const reach = reachOf(spans);
      predicates.push((d) => table.paths.within(d, spans, reach));
    }
  }
  if (query.tokens) andInto(acc, union(table, 'allowedRolesAndUsers', query.tokens));
  const at = query.activeAt;
  if (at !== undefined) predicates.push((d) => table.effAt(d) <= at && at <= table.expAt(d));
  const matched = count(acc);
  const bounds = !predicates.length && sort.length === 1 ? table.boundsOf(sort[0].index) : undefined;
  if (bounds) {
    // one date sort and nothing to check one by one: the best blocks first (blocks.ts)
    const total = query.limit !== undefined ? Math.min(query.limit, matched) : matched;
    const need = Math.min(total, query.need ?? total);
    const picked = need > 0 ? pickByBlocks(acc, need, table.column(sort[0].index) as Float64Array, bounds, sort[0].reverse) : new Int32Array(0);
    return { total, items: Array.from(picked, (d) => table.entry(d)!) };
  }
  let docs = toDocs(acc, matched, table.scratch.docList(matched));
  if (predicates.length) {
    let n = 0;
    outer: for (let i = 0; i < docs.length; i++) {
      const d = docs[i];
      for (const p of predicates) if (!p(d)) continue outer;
      docs[n++] = d;
    }
    docs = docs.subarray(0, n);
  }
  const total = query.limit !== undefined ? Math.min(query.limit, docs.length) : docs.length;
  const need = Math.min(total, query.need ?? total);
  const columns = sort.map((s) => sortColumn(catalog, s.index, docs, positions));
  const picked = pickOrdered(docs, need, sort, columns, scored ? scores : null);
  return { total, items: Array.from(picked, (d) => table.entry(d)!) };
}

/** The sort keys of `index` for (at least) the documents `docs`. */
function sortColumn(catalog: CatalogView, index: string, docs: Int32Array, positions: Positions): KeyColumn {
  const table = catalog.table;
  if (index === 'path') {
    const memo = new Map<number, string>();
    const col: string[] = [];
    for (const d of docs) col[d] = table.paths.pathOf(d, memo);
    return col;
  }
  if (INDEXES[index] === 'position') {
    const col = table.scratch.keyColumn(table.capacity);
    for (const d of docs) {
      const up = table.paths.parent[d];
      col[d] = positions.of(table.uids[d]!, up < 0 ? null : (table.uids[up] ?? null));
    }
    return col;
  }
  return table.column(index);
}
