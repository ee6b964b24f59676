// What PATCH @workingcopy (check in) accepts (seed "Working copy").
import { objectBodySchema, z, type RouteSchema } from '../../http/schema.ts';
import { noBody, url } from '../../serialize/shapes.ts';

export const checkInSchema: RouteSchema = {
  body: objectBodySchema({ message: z.string().nullable().optional() }).optional(),
  responses: { 204: noBody },
};

const side = z.looseObject({ '@id': url, title: z.string().optional() }).nullable();

export const readWorkingCopySchema: RouteSchema = { responses: { 200: z.strictObject({ working_copy: side, working_copy_of: side }) } };
export const checkOutSchema: RouteSchema = { responses: { 201: z.strictObject({ '@id': url }) } };
export const cancelSchema: RouteSchema = { responses: { 204: noBody } };
