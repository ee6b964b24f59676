// Batching of long results (supplement 3): b_start/b_size, `batching` links only when needed.
import type { ApiRequest } from '../http/types.ts';
import { first } from '../domain/query.ts';
import { bodyFields } from '../http/body.ts';

export const DEFAULT_BATCH_SIZE = 25;

export interface BatchParams {
  start: number;
  size: number;
}

function readInt(raw: unknown): number | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const n = Number(raw);
  return Number.isFinite(n) ? Math.trunc(n) : undefined;
}

/** b_start/b_size from the JSON body first, then from the query string. */
export function batchParams(req: ApiRequest): BatchParams {
  const body = bodyFields(req.body);
  const start = readInt(body.b_start) ?? readInt(first(req.query, 'b_start')) ?? 0;
  const size = readInt(body.b_size) ?? readInt(first(req.query, 'b_size')) ?? DEFAULT_BATCH_SIZE;
  return { start: Math.max(0, start), size: size <= 0 ? DEFAULT_BATCH_SIZE : size };
}

const CANONICAL_DROP = new Set(['b_start', 'b_size', 'sort_on', 'sort_order', 'sort_limit']);

function withParams(base: string, pairs: [string, string][]): string {
  if (!pairs.length) return base;
  return base + '?' + pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
}

const stripSuffix = (k: string) => k.split(':')[0];

/**
 * Canonical URL of a batched collection: the request URL (with `++api++` when it was used) without
 * batching and sorting parameters; filters such as `q`, `title` or `metadata_fields` stay.
 */
export function canonicalUrl(req: ApiRequest): string {
  return withParams(req.url.requestPath, req.query.pairs.filter(([k]) => !CANONICAL_DROP.has(stripSuffix(k))));
}

/**
 * `@id` of a listing endpoint (`endpointUrl` = the object's URL + `/@name`): the canonical request
 * URL when the request addresses that listing, as Plone builds it from the actual request; the
 * plain endpoint URL when the listing is embedded elsewhere (an expanded component).
 */
export function listingId(req: ApiRequest, node: { uid: string }, endpoint: string, endpointUrl: string): string {
  const addressed = req.context.uid === node.uid && req.url.endpoint === endpoint && !req.url.params.some(Boolean);
  return addressed ? canonicalUrl(req) : endpointUrl;
}

export interface Batched<T> {
  items: T[];
  items_total: number;
  batching?: Record<string, string>;
}

/** Cut `all` into the requested batch; `batching` only when items_total > b_size. */
export function batch<T>(req: ApiRequest, total: number, slice: (start: number, end: number) => T[], params = batchParams(req)): Batched<T> {
  const { start, size } = params;
  const items = slice(start, Math.min(total, start + size));
  const result: Batched<T> = { items, items_total: total };
  if (total > size) {
    const keepSize = req.query.pairs.some(([k]) => stripSuffix(k) === 'b_size');
    const rest = req.query.pairs.filter(([k]) => stripSuffix(k) !== 'b_start' && (keepSize || stripSuffix(k) !== 'b_size'));
    const link = (s: number) => withParams(req.url.requestPath, [['b_start', String(s)], ...rest]);
    const lastStart = Math.max(0, Math.floor((total - 1) / size) * size);
    const links: Record<string, string> = { '@id': req.url.requestUrl, first: link(0), last: link(lastStart) };
    if (start > 0) links.prev = link(Math.max(0, start - size));
    if (start + size < total) links.next = link(start + size);
    result.batching = links;
  }
  return result;
}
