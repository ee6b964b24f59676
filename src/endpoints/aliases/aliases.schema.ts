// What POST and DELETE @aliases accept (seed "Aliases", supplement 15): `items`, a list of
// {path, redirect-to?, datetime?} or of paths, or one path; each path is judged by the handler.
// POST also takes a CSV file (multipart form) at the site root.
import { batchQuery, objectBodySchema, queryBoolean, z, type RouteSchema } from '../../http/schema.ts';
import { batching, noBody, url } from '../../serialize/shapes.ts';

const REQUIRED = "Property 'items' is required";
const item = z.union([z.string(), z.looseObject({ path: z.unknown(), 'redirect-to': z.string().optional(), datetime: z.string().nullable().optional() })]);

export const editAliasesSchema: RouteSchema = {
  body: objectBodySchema({ items: z.union([item, z.array(z.unknown())], { error: (iss) => (iss.input === undefined ? REQUIRED : undefined) }) }),
  invalid: { type: 'BadRequest', shape: 'exception' },
  form: true,
  responses: { 204: noBody, 200: z.strictObject({ type: z.literal('error'), failed: z.array(z.unknown()) }) },
};

const SINGLE_TEXT = 'Parameter "q" must be a single string';

const row = z.looseObject({ path: z.string(), 'redirect-to': z.string().optional(), datetime: z.string().nullable().optional(), manual: z.boolean().optional() });

/** GET answers 201, as the seed says (decision C2); `links` instead of `batching`. */
export const listAliasesSchema: RouteSchema = {
  query: z.looseObject({
    ...batchQuery,
    manual: queryBoolean.optional().meta({ description: 'Only aliases made by hand (true) or by moves (false).' }),
    q: z.string({ error: SINGLE_TEXT }).optional().meta({ description: 'Only aliases whose path contains this text (one of q and query).' }),
    query: z.string({ error: SINGLE_TEXT }).optional().meta({ description: 'The same as q.' }),
    start: z.string().optional().meta({ description: 'Only aliases made at or after this date.' }),
    end: z.string().optional().meta({ description: 'Only aliases made before this date.' }),
  }),
  invalid: { type: 'BadRequest', shape: 'exception' },
  responses: { 201: z.strictObject({ '@id': url, items: z.array(row), items_total: z.number().int().nonnegative(), links: batching.optional() }) },
};
