// What PATCH @workingcopy (check in) accepts (seed "Working copy").
import { objectBody, z, type RouteSchema } from '../../http/schema.ts';
import { noBody } from '../../serialize/shapes.ts';

export const checkInSchema: RouteSchema = {
  body: objectBody({ message: z.string().nullable().optional() }).optional(),
  responses: { 204: noBody },
};
