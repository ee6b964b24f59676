// GET @aliases: the aliases of one object ({path} items, decision C3) or of the whole site
// ({path, redirect-to, datetime, manual}), filtered by q/query, manual, start, end; batched;
// CSV from the site root (supplement 15). Broken aliases (target deleted) are not listed.
import type { ApiRequest, ApiResponse } from '../../http/types.ts';
import type { AliasEntry, SiteState } from '../../state/model.ts';
import { all, first, parseBoolean } from '../../domain/query.ts';
import { ApiError, badRequest } from '../../lib/errors.ts';
import { batch, listingId } from '../../serialize/batching.ts';
import { urlOf } from '../../domain/urls.ts';
import { toStoredDate } from '../../serialize/dates.ts';
import { formatCsv } from '../../lib/csv.ts';
import { aliasTarget, allAliases, redirectPath } from './store.ts';

export interface AliasRow {
  path: string;
  'redirect-to': string;
  datetime: string | null;
  manual: boolean;
}

function queryFilter(req: ApiRequest): (row: AliasRow) => boolean {
  const q = [...all(req.query, 'q'), ...all(req.query, 'query')];
  if (q.length > 1) throw badRequest('Parameter "q" must be a single string');
  const manualRaw = first(req.query, 'manual');
  const manual = manualRaw === undefined ? undefined : parseBoolean(manualRaw);
  if (manualRaw !== undefined && manual === undefined) throw badRequest(`Could not parse value '${manualRaw}' as boolean`);
  const date = (key: string) => {
    const raw = first(req.query, key);
    if (raw === undefined || raw === '') return undefined;
    const stored = toStoredDate(raw);
    if (!stored) throw badRequest(`Invalid date: ${raw}`);
    return Date.parse(stored);
  };
  const start = date('start');
  const end = date('end');
  const text = q[0];
  return (row) => {
    if (text) {
      if (text.startsWith('/') ? !row.path.startsWith(text) : !row.path.includes(text)) return false;
    }
    if (manual !== undefined && row.manual !== manual) return false;
    if (start !== undefined || end !== undefined) {
      const t = row.datetime ? Date.parse(row.datetime + 'Z') : NaN;
      if (Number.isNaN(t) || (start !== undefined && t < start) || (end !== undefined && t >= end)) return false;
    }
    return true;
  };
}

export function aliasRows(state: SiteState, uid?: string): AliasRow[] {
  const rows: AliasRow[] = [];
  for (const [path, entry] of allAliases(state)) {
    if ((uid !== undefined && entry.uid !== uid) || !aliasTarget(state, entry)) continue;
    rows.push(row(state, path, entry));
  }
  return rows.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

const row = (state: SiteState, path: string, entry: AliasEntry): AliasRow => ({
  path,
  'redirect-to': redirectPath(state, entry),
  datetime: entry.datetime,
  manual: entry.manual,
});

/** The JSON listing (also the expansion of the `aliases` component). */
export function aliasListing(state: SiteState, req: ApiRequest): Record<string, unknown> {
  const node = req.context;
  const isRoot = node.parent === null;
  const rows = aliasRows(state, isRoot ? undefined : node.uid).filter(queryFilter(req));
  const { batching, ...result } = batch(req, rows.length, (s, e) => rows.slice(s, e).map((r) => (isRoot ? r : { path: r.path })));
  // @aliases names its batch links `links` (supplement 3, 15)
  return { '@id': listingId(req, node, '@aliases', `${urlOf(state, node, req.url.siteUrl)}/@aliases`), ...result, ...(batching ? { links: batching } : {}) };
}

/** Zope DateTime's string form, as in the recorded CSV: 2022/05/05 00:00:00 GMT+0. */
const csvDate = (d: string | null) => (d ? `${d.slice(0, 10).replace(/-/g, '/')} ${d.slice(11, 19)} GMT+0` : '');

export function aliasCsv(state: SiteState, req: ApiRequest): ApiResponse {
  if (req.context.parent !== null) throw new ApiError(406, 'NotAcceptable', 'CSV reply is only available from site root.');
  const rows = aliasRows(state).filter(queryFilter(req));
  const table = [['old path', 'new path', 'datetime', 'manual'], ...rows.map((r) => [r.path, r['redirect-to'], csvDate(r.datetime), r.manual ? 'True' : 'False'])];
  return {
    status: 200,
    bytes: new TextEncoder().encode(formatCsv(table)),
    contentType: 'text/csv; charset=utf-8',
    headers: { 'Content-Disposition': 'attachment; filename=redirects.csv' },
  };
}
