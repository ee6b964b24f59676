// What @vocabularies, @sources and @querysources answer (supplement 16): the list of
// vocabularies, or a batch of terms (all of them, unbatched, with b_size=-1).
import { batchQuery, queryList, z, type RouteSchema } from '../../http/schema.ts';
import { batching, url } from '../../serialize/shapes.ts';

const term = z.looseObject({ token: z.string().nullable(), title: z.string().nullable() });
const terms = z.strictObject({ '@id': url, items: z.array(term), items_total: z.number().int().nonnegative().optional(), batching: batching.optional() });

/** Filters of a vocabulary's terms; `b_size=-1`: all of them. */
const query = z.looseObject({
  ...batchQuery,
  title: queryList.optional().meta({ description: 'Terms whose title contains this text.' }),
  token: queryList.optional().meta({ description: 'Terms whose token matches this one.' }),
  tokens: queryList.optional().meta({ description: 'Terms with any of these tokens (repeat the parameter).' }),
  sort_on: queryList.optional().meta({ description: '`title`: terms sorted by title.' }),
});

export const vocabulariesSchema: RouteSchema = { query, responses: { 200: z.union([terms, z.array(z.strictObject({ '@id': url, title: z.string() }))]) } };
export const termsSchema: RouteSchema = { query, responses: { 200: terms } };
