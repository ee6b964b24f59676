// What @linkintegrity answers (seed "Link integrity"): for each object asked about, its summary,
// the objects that link to it (or to what lies below it) and how many objects lie below it.
import { queryList, z, type RouteSchema } from '../../http/schema.ts';
import { summary, url } from '../../serialize/shapes.ts';

export const linkIntegritySchema: RouteSchema = {
  query: z.looseObject({ uids: queryList.optional().meta({ description: 'The objects to check, by UID (repeat, or separate by commas; needed).' }) }),
  responses: { 200: z.array(summary.extend({ breaches: z.array(z.strictObject({ '@id': url, title: z.string(), uid: z.string() })), items_total: z.number().int().nonnegative() })) },
};
