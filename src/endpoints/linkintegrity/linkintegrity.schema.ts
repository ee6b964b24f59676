// What @linkintegrity answers (seed "Link integrity"): for each object asked about, its summary,
// the objects that link to it (or to what lies below it) and how many objects lie below it.
import { z, type RouteSchema } from '../../http/schema.ts';
import { summary, url } from '../../serialize/shapes.ts';

export const linkIntegritySchema: RouteSchema = {
  responses: { 200: z.array(summary.extend({ breaches: z.array(z.strictObject({ '@id': url, title: z.string(), uid: z.string() })), items_total: z.number().int().nonnegative() })) },
};
