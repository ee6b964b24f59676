// Catalog results as the interface lists them (seed "Search result item", supplement 7.4):
// batched summaries with the requested metadata columns, or full objects.
import type { ApiRequest, Services } from '../../http/types.ts';
import type { ContentNode, SiteState } from '../../state/model.ts';
import { getNode } from '../../state/nodes.ts';
import { ApiError } from '../../lib/errors.ts';
import { batch, batchParams, canonicalUrl } from '../../serialize/batching.ts';
import { serializeContent } from '../../serialize/content.ts';
import { summary } from '../../serialize/summary.ts';
import type { SearchResult } from '../../catalog/search.ts';
import type { Entry } from '../../catalog/record.ts';
import type { ListingParts } from '../../http/listing.ts';
import { recordOf } from '../../lib/records.ts';

/** Attributes of a catalog brain that exist but have no JSON form (acquisition wrappers, request). */
const UNCONVERTIBLE: Record<string, string> = recordOf({
  aq_parent: "<CatalogTool at /{site}/portal_catalog> (<class 'Products.CMFPlone.CatalogTool.CatalogTool'>)",
  aq_inner: "<CatalogContentListingObject> (<class 'Products.ZCatalog.Catalog.mybrains'>)",
  aq_base: "<mybrains> (<class 'Products.ZCatalog.Catalog.mybrains'>)",
  aq_self: "<mybrains> (<class 'Products.ZCatalog.Catalog.mybrains'>)",
  aq_explicit: "<mybrains> (<class 'Products.ZCatalog.Catalog.mybrains'>)",
  aq_chain: "<mybrains> (<class 'list'>)",
  REQUEST: "<HTTPRequest, URL=...> (<class 'ZPublisher.HTTPRequest.HTTPRequest'>)",
});

/** Requested metadata columns; an unconvertible one is an error (seed "Errors"). */
export function metadataFields(state: SiteState, raw: unknown): string[] {
  const list = (Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw])
    .flatMap((v) => String(v).split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  for (const name of list) {
    if (Object.hasOwn(UNCONVERTIBLE, name)) {
      const what = UNCONVERTIBLE[name].replace('{site}', state.settings.siteId);
      throw new ApiError(400, 'TypeError', `No converter for making ${what} JSON compatible.`);
    }
  }
  return list;
}

export interface ListOptions {
  fullobjects: boolean;
  metadata: string[];
  /** The batch to cut (defaults to b_start/b_size of the request). */
  batch?: { start: number; size: number };
}

/**
 * The batch of results in parts (src/http/listing.ts): each rendered, in turns when many. Each
 * entry's object is looked up as the entry is rendered (a batch of 100,000 entries is not walked
 * once more before the turns); the catalog searched describes `state`, so it is always there.
 */
export function listResults(state: SiteState, req: ApiRequest, services: Services, result: SearchResult, options: ListOptions): ListingParts<Entry> {
  const params = options.batch ?? batchParams(req);
  const page = batch(req, result.total, (s, e) => result.items.slice(s, e), params);
  const show = (node: ContentNode) =>
    options.fullobjects ? serializeContent(state, node, { ...req, context: node }, services, { items: false }) : summary(state, node, req, options.metadata);
  const render = (entry: Entry) => {
    const node = getNode(state, entry.uid);
    return node ? show(node) : null;
  };
  return { page: page.items, render, shape: (items) => ({ '@id': canonicalUrl(req), ...page, items }) };
}
