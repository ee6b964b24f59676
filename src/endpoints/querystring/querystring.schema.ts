// What POST @querystring-search accepts (seed "Querystring search"): the query rows and the
// listing options; each row's index, operation and value are judged by the handler.
import { objectBody, z, type RouteSchema } from '../../http/schema.ts';
import { results, url } from '../../serialize/shapes.ts';

const NONE = 'No query supplied';
const number = z.union([z.number(), z.string()]).optional();

export const querystringSearchSchema: RouteSchema = {
  body: objectBody({
    query: z.array(z.looseObject({ i: z.string(), o: z.string() }), { error: NONE }).min(1, { error: NONE }),
    sort_on: z.string().nullable().optional(),
    sort_order: z.string().nullable().optional(),
    b_start: number,
    b_size: number,
    limit: number,
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

/** GET @querystring: the indexes a query may use, with their operations. */
export const querystringSchema: RouteSchema = {
  responses: { 200: z.strictObject({ '@id': url, indexes: z.record(z.string(), index), sortable_indexes: z.record(z.string(), index) }) },
};
