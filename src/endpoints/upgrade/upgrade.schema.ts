// What POST @upgrade accepts (seed "Site upgrade").
import { objectBody, z, type RouteSchema } from '../../http/schema.ts';

export const upgradeSchema: RouteSchema = {
  body: objectBody({ dry_run: z.union([z.boolean(), z.string(), z.number()]).optional() }).optional(),
  malformed: { type: 'BadRequest', shape: 'service' },
};
