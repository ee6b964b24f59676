// The results of a Collection's stored query (supplement 10.1): `{i, o, v}` criteria evaluated by
// the catalog over the objects the caller may view, sorted by `sort_on`/`sort_reversed`, capped
// by `limit` (default 1000). The collection itself may appear when it matches.
import type { ApiRequest } from '../../http/types.ts';
import type { ContentNode, SiteState } from '../../state/model.ts';
import { getNode } from '../../state/nodes.ts';
import { catalogFor } from '../../catalog/catalog.ts';
import { callerFilter } from '../../catalog/caller.ts';
import { isSortable } from '../../catalog/indexes.ts';
import { parseRows } from '../querystring/parse.ts';

export function collectionResults(state: SiteState, collection: ContentNode, req: ApiRequest): ContentNode[] {
  const raw = collection.fields.query;
  const rows = Array.isArray(raw) ? raw : [];
  if (!rows.length) return [];
  const { criteria, showInactive } = parseRows(state, rows, collection, req.principal, req.now);
  if (!criteria.length) return [];
  const sortOn = typeof collection.fields.sort_on === 'string' && isSortable(collection.fields.sort_on) ? collection.fields.sort_on : undefined;
  const limit = typeof collection.fields.limit === 'number' && collection.fields.limit > 0 ? collection.fields.limit : 1000;
  const reversedOrder = !sortOn && collection.fields.sort_reversed === true;
  const result = catalogFor(state).search(state, {
    criteria,
    sort: sortOn ? [{ index: sortOn, reverse: collection.fields.sort_reversed === true }] : [],
    limit: reversedOrder ? undefined : limit,
    ...callerFilter(state, req.principal, req.now, showInactive),
  });
  let items = result.items.slice(0, result.total);
  if (reversedOrder) items = items.reverse().slice(0, limit);
  return items.map((rec) => getNode(state, rec.uid)).filter((n): n is ContentNode => !!n);
}
