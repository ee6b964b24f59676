// What @controlpanels accepts (seed "Control panels", supplement 13): PATCH the values of a
// panel (checked field by field by the panel), POST a new type or rule (some POSTs take none).
import { listPanelsSchema } from './controlpanels.get.schema.ts';
import { objectBody, type RouteSchema } from '../../http/schema.ts';

const EXCEPTION = { type: 'BadRequest', shape: 'exception' } as const;

export const SCHEMAS: Partial<Record<'GET' | 'POST' | 'PATCH', RouteSchema>> = {
  GET: listPanelsSchema,
  POST: { body: objectBody({}).optional(), malformed: EXCEPTION, invalid: EXCEPTION },
  PATCH: { body: objectBody({}), malformed: EXCEPTION, invalid: EXCEPTION },
};
