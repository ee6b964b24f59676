// GET <ctx>/@querystring (supplement 31.7) and <ctx>/@querystring-search, POST and GET (31.8).
import { jsonListing } from '../../http/listing.ts';
import { validateRequest } from '../../http/schema.ts';
import type { ApiRequest, Route, Services } from '../../http/types.ts';
import type { FamilyManifest } from '../../http/types.ts';
import { json } from '../../http/types.ts';
import type { SiteState } from '../../state/model.ts';
import { first } from '../../domain/query.ts';
import { ApiError, badRequest } from '../../lib/errors.ts';
import { parseLimitedJson } from '../../lib/json-limits.ts';
import { urlOf } from '../../domain/urls.ts';
import { batchParams } from '../../serialize/batching.ts';
import { parseBooleanValue } from '../../catalog/criteria.ts';
import { callerFilter } from '../../catalog/caller.ts';
import { isSortable } from '../../catalog/indexes.ts';
import { listResults, metadataFields } from '../search/results.ts';
import { parseRows } from './parse.ts';
import { querystringSchema, querystringSearchGetSchema, querystringSearchSchema } from './querystring.schema.ts';
import { querystringConfig } from './registry.ts';

function readInt(raw: unknown): number | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const n = Number(raw);
  return Number.isFinite(n) ? Math.trunc(n) : undefined;
}

/** The request object: the JSON body (POST) or the JSON in the `query` parameter (GET). */
function requestObject(req: ApiRequest): Record<string, unknown> {
  let data: unknown = req.body;
  if (req.method === 'GET') {
    const raw = first(req.query, 'query');
    if (raw === undefined) throw badRequest('No query supplied');
    try {
      data = parseLimitedJson(raw);
    } catch (err) {
      if (err instanceof ApiError) throw err;
      try {
        data = parseLimitedJson(decodeURIComponent(raw));
      } catch (again) {
        if (again instanceof ApiError) throw again;
        throw badRequest('Invalid JSON in query parameter');
      }
    }
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw badRequest('No query supplied');
  // dispatch checked a POST body with this schema; the object in GET's parameter is checked here
  if (req.method === 'GET') validateRequest(querystringSearchSchema, req.query, data);
  return data as Record<string, unknown>;
}

function querystringSearch(state: SiteState, req: ApiRequest, services: Services) {
  const data = requestObject(req);
  const rows = data.query as unknown[]; // a non-empty list: querystringSearchSchema
  const fullobjects = data.fullobjects === undefined ? false : parseBooleanValue(data.fullobjects);
  const metadata = metadataFields(state, data.metadata_fields);
  const { criteria, showInactive } = parseRows(state, rows, req.context, req.principal, req.now);
  // b_start/b_size from the query object (POST body or the GET `query` JSON), then the URL.
  const { start, size } = batchParams({ ...req, body: data });
  const sortOn = typeof data.sort_on === 'string' && isSortable(data.sort_on) ? data.sort_on : undefined;
  const limit = readInt(data.limit);
  const result = !criteria.length
    ? { total: 0, items: [] }
    : services.catalog.search(state, {
        criteria: [...criteria, { index: 'UID', kind: 'uuid', not: [req.context.uid] }],
        sort: sortOn ? [{ index: sortOn, reverse: data.sort_order === 'descending' }] : [],
        limit: limit && limit > 0 ? limit : undefined,
        ...callerFilter(state, req.principal, req.now, showInactive),
        need: start + size,
      });
  return listResults(state, req, services, result, { fullobjects, metadata, batch: { start, size } });
}

export const querystringRoutes: Route[] = [
  {
    method: 'GET',
    endpoint: '@querystring',
    schema: querystringSchema,
    on: 'content',
    permission: 'View',
    handle: (state, req, services) => {
      const keywords = () => [...(services.catalog.sync(state) ? services.catalog.keywords('Subject') : [])].sort();
      return json({ '@id': `${urlOf(state, req.context, req.url.siteUrl)}/@querystring`, ...querystringConfig(state, keywords) });
    },
  },
  { method: 'POST', endpoint: '@querystring-search', on: 'content', permission: 'View', schema: querystringSearchSchema, handle: (s, r, sv) => jsonListing(querystringSearch(s, r, sv)) },
  { method: 'GET', endpoint: '@querystring-search', on: 'content', permission: 'View', schema: querystringSearchGetSchema, handle: (s, r, sv) => jsonListing(querystringSearch(s, r, sv)) },
];

export const querystringFamily: FamilyManifest = { name: 'querystring', routes: querystringRoutes };
