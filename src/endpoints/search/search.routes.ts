// GET <ctx>/@search (seed "Search", supplement 18): catalog query over the context and below.
import type { Route } from '../../http/types.ts';
import type { FamilyManifest } from '../../http/types.ts';
import { json } from '../../http/types.ts';
import { all, has } from '../../domain/query.ts';
import { searchParams } from './search.params.ts';
import { searchSchema } from './search.schema.ts';
import { listResults, metadataFields } from './results.ts';
import { jsonListing } from '../../http/listing.ts';

export const searchRoutes: Route[] = [
  {
    method: 'GET',
    endpoint: '@search',
    schema: searchSchema,
    on: 'content',
    permission: 'View',
    handle: (state, req, services) => {
      const metadata = metadataFields(state, all(req.query, 'metadata_fields'));
      const { query, emptyText } = searchParams(state, req);
      if (emptyText) return json([]);
      const result = services.catalog.search(state, query);
      return jsonListing(listResults(state, req, services, result, { fullobjects: has(req.query, 'fullobjects'), metadata }));
    },
  },
];

export const searchFamily: FamilyManifest = { name: 'search', routes: searchRoutes };
