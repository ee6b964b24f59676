// What @roles answers (seed "Roles").
import { z, type RouteSchema } from '../../http/schema.ts';
import { url } from '../../serialize/shapes.ts';

export const rolesSchema: RouteSchema = {
  responses: { 200: z.array(z.strictObject({ '@id': url, '@type': z.literal('role'), id: z.string(), title: z.string() })) },
};
