// What @controlpanels accepts (seed "Control panels", supplement 13): PATCH the values of a
// panel (checked field by field by the panel), POST a new type or rule (some POSTs take none).
import { listPanelsSchema, madeInPanel } from './controlpanels.get.schema.ts';
import { objectBodySchema, z, type RouteSchema } from '../../http/schema.ts';
import { noBody } from '../../serialize/shapes.ts';

const EXCEPTION = { type: 'BadRequest', shape: 'exception' } as const;

export const SCHEMAS: Record<'GET' | 'POST' | 'PATCH' | 'DELETE', RouteSchema> = {
  GET: listPanelsSchema,
  POST: { body: objectBodySchema({}).optional(), malformed: EXCEPTION, invalid: EXCEPTION, responses: { 201: madeInPanel } },
  PATCH: { body: objectBodySchema({}), malformed: EXCEPTION, invalid: EXCEPTION, responses: { 204: noBody } },
  DELETE: { responses: { 204: noBody } },
};
