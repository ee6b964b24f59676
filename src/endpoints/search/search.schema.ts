// What @search answers (seed "Search", supplement 18): a batch of summaries, or of whole objects
// with `fullobjects`; an empty full-text query answers an empty list.
import { batchQuery, itemsQuery, queryInt, queryList, z, type RouteSchema } from '../../http/schema.ts';
import { results } from '../../serialize/shapes.ts';

/** The parameters that shape the answer; every other parameter naming an index is a criterion. */
const query = z.looseObject({
  ...batchQuery,
  ...itemsQuery,
  sort_on: queryList.optional().meta({ description: 'Index to sort by (repeat, or separate by commas, to sort by several).' }),
  sort_order: queryList.optional().meta({ description: '`descending` (or `reverse`) reverses the order; one value for all sort indexes, or one each.' }),
  sort_limit: queryInt('At most this many results.').optional(),
  use_site_search_settings: queryList.optional().meta({ description: "Present: search below the navigation root, among the site's searchable types, in its default order." }),
  show_inactive: queryList.optional().meta({ description: 'Non-empty: include expired and not yet effective objects (for those who may see them).' }),
});

export const searchSchema: RouteSchema = { query, responses: { 200: z.union([results, z.array(z.never())]) } };
