// GET /@relations: statistics without parameters; otherwise relations grouped by name, filtered
// by relation / source / target / query_source / query_target / max, only those whose both ends
// the caller may view; onlyBroken lists the sources of broken relations (supplement 26).
import type { ApiRequest, ApiResponse } from '../../http/types.ts';
import type { ContentNode, SiteState } from '../../state/model.ts';
import { getNode } from '../../state/nodes.ts';
import { canView } from '../../auth/check.ts';
import { first, has, parseBoolean } from '../../domain/query.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { summary } from '../../serialize/summary.ts';
import { urlOf } from '../../domain/urls.ts';
import { pathOf } from '../../state/select.ts';
import { resolveReference } from '../content/references.ts';
import { allRelations, READONLY_RELATIONS, sortedKeys, type Relation } from './graph.ts';

const PARAMS = ['relation', 'source', 'target', 'max', 'query_source', 'query_target', 'onlyBroken'];

function stats(state: SiteState, req: ApiRequest): ApiResponse {
  // relation names are field names, and `relation` is the caller's: records without a prototype
  const counts: Record<string, number> = Object.create(null);
  const broken: Record<string, number> = Object.create(null);
  for (const r of allRelations(state)) {
    const bucket = r.broken ? broken : counts;
    bucket[r.relation] = (bucket[r.relation] ?? 0) + 1;
  }
  return { status: 200, body: { '@id': req.url.requestUrl, broken: sortedKeys(broken), stats: sortedKeys(counts) } };
}

/** A UID or path parameter; unknown -> 404 with no body. */
function endParam(state: SiteState, req: ApiRequest, key: string): string | undefined {
  const raw = first(req.query, key);
  if (raw === undefined || raw === '') return undefined;
  const uid = resolveReference(state, raw);
  if (!uid) throw notFound();
  return uid;
}

/** query_source / query_target: a path prefix (starting with /) or text in the title. */
function endQuery(state: SiteState, req: ApiRequest, key: string): ((node: ContentNode) => boolean) | undefined {
  const raw = first(req.query, key)?.trim();
  if (!raw) return undefined;
  if (raw.startsWith('/')) {
    const prefix = raw.replace(/\/$/, '');
    return (node) => {
      const p = '/' + pathOf(state, node).join('/');
      return p === prefix || p.startsWith(prefix + '/');
    };
  }
  const words = raw.toLowerCase().split(/\s+/);
  return (node) => {
    const title = String(node.fields.title ?? '').toLowerCase();
    return words.every((w) => title.includes(w.replace(/\*$/, '')));
  };
}

const withUid = (state: SiteState, node: ContentNode, req: ApiRequest) => ({ ...summary(state, node, req), UID: node.uid });

export function relationsQuery(state: SiteState, req: ApiRequest): ApiResponse {
  if (!PARAMS.some((p) => has(req.query, p))) return stats(state, req);
  const name = first(req.query, 'relation') || undefined;
  const source = endParam(state, req, 'source');
  const target = endParam(state, req, 'target');
  const onlyBrokenRaw = first(req.query, 'onlyBroken');
  const onlyBroken = onlyBrokenRaw === undefined ? false : parseBoolean(onlyBrokenRaw || 'true');
  if (onlyBroken === undefined) throw badRequest(`Could not parse value '${onlyBrokenRaw}' as boolean`);
  const maxRaw = first(req.query, 'max');
  const max = maxRaw === undefined || maxRaw === '' ? Infinity : Number(maxRaw);
  if (!(max > 0)) throw badRequest(`Invalid max: ${maxRaw}`);
  const qs = endQuery(state, req, 'query_source');
  const qt = endQuery(state, req, 'query_target');

  const matches = (r: Relation) =>
    (!name || r.relation === name) && (!source || r.source === source) && (!target || r.target === target);
  const selected = allRelations(state).filter(matches);
  if (onlyBroken) return brokenSources(state, req, selected.filter((r) => r.broken));

  const grouped: Record<string, { items: unknown[]; items_total: number; readonly?: boolean; staticCatalogVocabularyQuery?: null }> = Object.create(null);
  let taken = 0;
  for (const r of selected) {
    if (r.broken || taken >= max) continue;
    const s = getNode(state, r.source)!;
    const t = getNode(state, r.target)!;
    if (!canView(state, req.principal, s) || !canView(state, req.principal, t)) continue;
    if ((qs && !qs(s)) || (qt && !qt(t))) continue;
    const group = (grouped[r.relation] ??= { items: [], items_total: 0 });
    group.items.push({ source: withUid(state, s, req), target: withUid(state, t, req) });
    group.items_total += 1;
    taken += 1;
  }
  if (name) {
    const group = (grouped[name] ??= { items: [], items_total: 0 });
    group.readonly = READONLY_RELATIONS.has(name);
    group.staticCatalogVocabularyQuery = null;
  }
  return { status: 200, body: { '@id': req.url.requestUrl, relations: sortedKeys(grouped) } };
}

function brokenSources(state: SiteState, req: ApiRequest, broken: Relation[]): ApiResponse {
  if (!broken.length) return { status: 204 };
  const grouped: Record<string, { items: string[]; items_total: number }> = Object.create(null);
  for (const r of broken) {
    const s = getNode(state, r.source);
    if (!s || !canView(state, req.principal, s)) continue;
    const group = (grouped[r.relation] ??= { items: [], items_total: 0 });
    const url = urlOf(state, s, req.url.siteUrl);
    if (!group.items.includes(url)) {
      group.items.push(url);
      group.items_total += 1;
    }
  }
  return { status: 200, body: { '@id': req.url.requestUrl, relations: sortedKeys(grouped) } };
}
