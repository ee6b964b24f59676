// What @vocabularies, @sources and @querysources answer (supplement 16): the list of
// vocabularies, or a batch of terms (all of them, unbatched, with b_size=-1).
import { z, type RouteSchema } from '../../http/schema.ts';
import { batching, url } from '../../serialize/shapes.ts';

const term = z.looseObject({ token: z.string().nullable(), title: z.string().nullable() });
const terms = z.strictObject({ '@id': url, items: z.array(term), items_total: z.number().int().nonnegative().optional(), batching: batching.optional() });

export const vocabulariesSchema: RouteSchema = { responses: { 200: z.union([terms, z.array(z.strictObject({ '@id': url, title: z.string() }))]) } };
export const termsSchema: RouteSchema = { responses: { 200: terms } };
