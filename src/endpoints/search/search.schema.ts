// What @search answers (seed "Search", supplement 18): a batch of summaries, or of whole objects
// with `fullobjects`; an empty full-text query answers an empty list.
import { z, type RouteSchema } from '../../http/schema.ts';
import { results } from '../../serialize/shapes.ts';

export const searchSchema: RouteSchema = { responses: { 200: z.union([results, z.array(z.never())]) } };
