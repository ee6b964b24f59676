// `@search` query string -> catalog query (seed "Search", supplement 1.2 and 18): index names,
// dotted options folded into index queries, Zope type hints, sorting, site search settings.
import type { ApiRequest } from '../../http/types.ts';
import type { SiteState } from '../../state/model.ts';
import { all, first, has, listParam } from '../../domain/query.ts';
import { ApiError, badRequest } from '../../lib/errors.ts';
import { toCriterion, parseBooleanValue, parseDateValue, type RawIndexQuery } from '../../catalog/criteria.ts';
import { INDEXES, isIndex, isSortable } from '../../catalog/indexes.ts';
import type { CatalogQuery, SortSpec } from '../../catalog/query.ts';
import { recordPath } from '../../catalog/record.ts';
import { callerFilter } from '../../catalog/caller.ts';
import { batchParams } from '../../serialize/batching.ts';
import { navigationRoot } from '../../domain/navigation-root.ts';
import { registryValue } from '../../domain/registry-value.ts';

/** Types never offered as user-friendly (plone.app.vocabularies BAD_TYPES, abridged). */
const BAD_TYPES = new Set(['Plone Site', 'TempFolder', 'Discussion Item', 'ATBooleanCriterion', 'ChangeSet']);

export interface SearchParams {
  query: CatalogQuery;
  /** SearchableText empty or `*`: the answer is a bare `[]`. */
  emptyText: boolean;
}

/** Apply a Zope conversion suffix (`:int`, `:boolean`, ...) to a raw value. */
function typed(value: string, hints: string[] | undefined, key: string): unknown {
  for (const hint of hints ?? []) {
    switch (hint) {
      case 'int':
      case 'long': {
        const n = Number(value.trim());
        if (!Number.isInteger(n)) throw badRequest(`Invalid integer value for ${key}: ${JSON.stringify(value)}`);
        return n;
      }
      case 'float': {
        const n = Number(value.trim());
        if (!Number.isFinite(n)) throw badRequest(`Invalid floating-point value for ${key}: ${JSON.stringify(value)}`);
        return n;
      }
      case 'boolean':
        return parseBooleanValue(value);
      case 'date':
        return parseDateValue(value);
    }
  }
  return value;
}

const RESERVED = new Set([
  'sort_on', 'sort_order', 'sort_limit', 'b_start', 'b_size', 'metadata_fields', 'fullobjects',
  'use_site_search_settings', 'show_inactive', 'expand', 'include_items',
]);

/** Index queries of the request: `idx=v`, `idx.option=v`, typed values; unknown names ignored. */
function indexQueries(req: ApiRequest): Map<string, RawIndexQuery> {
  const out = new Map<string, RawIndexQuery>();
  for (const [key, values] of req.query.values) {
    if (RESERVED.has(key)) continue;
    const dot = key.indexOf('.');
    const index = dot === -1 ? key : key.slice(0, dot);
    const option = dot === -1 ? 'query' : key.slice(dot + 1);
    if (!isIndex(index)) continue;
    const hints = req.query.conversions.get(key);
    const converted = values.map((v) => typed(v, hints, key));
    const forceList = hints?.includes('list') || hints?.includes('tuple');
    const raw = out.get(index) ?? {};
    raw[option] = converted.length === 1 && !forceList && option !== 'query' ? converted[0] : converted;
    out.set(index, raw);
  }
  return out;
}

function sorting(req: ApiRequest, fallback: SortSpec[]): SortSpec[] {
  const names = listParam(req.query, 'sort_on');
  const orders = all(req.query, 'sort_order').map((o) => o.trim().toLowerCase());
  if (!names.length) return fallback;
  const specs: SortSpec[] = [];
  names.forEach((index, i) => {
    if (!isSortable(index)) return; // invalid sort indexes are dropped silently
    const order = orders.length === 1 ? orders[0] : orders[i];
    specs.push({ index, reverse: order === 'descending' || order === 'reverse' });
  });
  return specs;
}

export function searchParams(state: SiteState, req: ApiRequest): SearchParams {
  const siteId = state.settings.siteId;
  const queries = indexQueries(req);
  const siteSettings = has(req.query, 'use_site_search_settings');
  let emptyText = false;
  const text = queries.get('SearchableText');
  if (text) {
    const value = [text.query ?? []].flat().map(String).join(' ').replace(/[()]/g, '').trim();
    if (value === '' || value === '*') emptyText = true;
    text.query = value;
  }
  // without an explicit path: the context and below (navigation root with site search settings)
  const path = queries.get('path') ?? {};
  if (path.query === undefined || (Array.isArray(path.query) && !path.query.length)) {
    const base = siteSettings ? navigationRoot(state, req.context) : req.context;
    path.query = [recordPath(state, base)];
  }
  queries.set('path', path);
  const criteria = [...queries].map(([index, raw]) => {
    if (raw.query === undefined) throw new ApiError(400, 'QueryParsingError', `Query for index ${index} is missing a 'query' key!`);
    return toCriterion(index, raw, siteId);
  });
  let sort = sorting(req, []);
  if (siteSettings) {
    const notSearched = registryValue<string[]>(state, 'plone.types_not_searched', state.settings.volto ? [] : ['Plone Site', 'TempFolder']);
    const friendly = Object.keys(state.types).filter((t) => !BAD_TYPES.has(t) && !notSearched.includes(t));
    const asked = criteria.find((c) => c.index === 'portal_type');
    if (asked) asked.query = (asked.query ?? []).filter((t) => typeof t === 'string' && friendly.includes(t));
    else criteria.push({ index: 'portal_type', kind: INDEXES.portal_type, query: friendly });
    if (!has(req.query, 'sort_on')) {
      const siteSort = registryValue<string>(state, 'plone.sort_on', 'relevance');
      if (siteSort !== 'relevance' && isSortable(siteSort)) sort = [{ index: siteSort, reverse: false }];
    }
    if (!has(req.query, 'sort_order')) {
      sort = sort.map((s) => (s.index === 'Date' || s.index === 'effective' ? { ...s, reverse: true } : s));
    }
  }
  const sortLimit = first(req.query, 'sort_limit');
  const limit = sortLimit !== undefined && /^\s*\d+\s*$/.test(sortLimit) ? Number(sortLimit) : undefined;
  const showInactive = (first(req.query, 'show_inactive') ?? '') !== '';
  const { start, size } = batchParams(req);
  return {
    emptyText,
    query: { criteria, sort, limit, ...callerFilter(state, req.principal, req.now, showInactive, req.context), need: start + size },
  };
}
