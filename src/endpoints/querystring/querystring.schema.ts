// What POST @querystring-search accepts (seed "Querystring search"): the query rows and the
// listing options; each row's index, operation and value are judged by the handler.
import { batchQuery, intMember, objectBodySchema, z, type RouteSchema } from '../../http/schema.ts';
import { results, url } from '../../serialize/shapes.ts';

const NONE = 'No query supplied';

export const querystringSearchSchema: RouteSchema = {
  body: objectBodySchema({
    query: z.array(z.looseObject({ i: z.string(), o: z.string() }), { error: NONE }).min(1, { error: NONE }),
    sort_on: z.string().nullable().optional(),
    sort_order: z.string().nullable().optional(),
    b_start: intMember('Position of the first result of the batch (default 0).').optional(),
    b_size: intMember('Number of results in the batch (default 25).').optional(),
    limit: intMember('At most this many results in all.').optional(),
    fullobjects: z.union([z.boolean(), z.string(), z.number()]).optional(),
    metadata_fields: z.union([z.string(), z.array(z.string())]).optional(),
  }),
  invalid: { type: 'BadRequest', shape: 'exception' },
  malformed: { type: 'BadRequest', shape: 'exception' },
  responses: { 200: results },
};

const index = z.looseObject({
  title: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  sortable: z.boolean(),
  group: z.string(),
  operations: z.array(z.string()),
  operators: z.record(z.string(), z.looseObject({ title: z.string(), operation: z.string() })),
});

/** GET @querystring-search: the same request object, as JSON text in the `query` parameter. */
export const querystringSearchGetSchema: RouteSchema = {
  query: z.looseObject({ ...batchQuery, query: z.string().optional().meta({ description: 'The request object of POST, as JSON text.' }) }),
  invalid: { type: 'BadRequest', shape: 'exception' },
  responses: querystringSearchSchema.responses,
};

/** GET @querystring: the indexes a query may use, with their operations. */
export const querystringSchema: RouteSchema = {
  responses: { 200: z.strictObject({ '@id': url, indexes: z.record(z.string(), index), sortable_indexes: z.record(z.string(), index) }) },
};
