// What @registry accepts (seed "Registry"): PATCH names existing records; each value is checked
// against its record's field by the handler (validation errors, supplement 2.3).
import { objectBody, type RouteSchema } from '../../http/schema.ts';
import { noBody } from '../../serialize/shapes.ts';

export const patchRegistrySchema: RouteSchema = {
  body: objectBody({}),
  malformed: { type: 'BadRequest', shape: 'exception' },
  responses: { 204: noBody },
};
