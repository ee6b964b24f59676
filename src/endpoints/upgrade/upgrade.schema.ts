// What POST @upgrade accepts (seed "Site upgrade").
import { objectBodySchema, z, type RouteSchema } from '../../http/schema.ts';
import { url } from '../../serialize/shapes.ts';

export const upgradeSchema: RouteSchema = {
  body: objectBodySchema({ dry_run: z.union([z.boolean(), z.string(), z.number()]).optional() }).optional(),
  malformed: { type: 'BadRequest', shape: 'service' },
  responses: {
    200: z.strictObject({ '@id': url, dry_run: z.boolean(), report: z.string(), upgraded: z.boolean(), versions: z.strictObject({ fs: z.string(), instance: z.string() }) }),
  },
};
