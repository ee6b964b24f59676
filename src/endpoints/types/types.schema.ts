// What the schema edits of @types accept (seed "Types", supplement 14): a field, a fieldset or
// the whole schema; each part is judged by the handlers against the type.
import { objectBody, type RouteSchema } from '../../http/schema.ts';

const EXCEPTION = { type: 'BadRequest', shape: 'exception' } as const;

export const editTypeSchema: RouteSchema = { body: objectBody({}), malformed: EXCEPTION, invalid: EXCEPTION };
