// What the schema edits of @types accept (seed "Types", supplement 14): a field, a fieldset or
// the whole schema; each part is judged by the handlers against the type.
import { objectBodySchema, z, type RouteSchema } from '../../http/schema.ts';
import { noBody } from '../../serialize/shapes.ts';
import { typeField, typeFieldset } from './types.get.schema.ts';

const EXCEPTION = { type: 'BadRequest', shape: 'exception' } as const;

export const editTypeSchema: RouteSchema = { body: objectBodySchema({}), malformed: EXCEPTION, invalid: EXCEPTION, responses: { 204: noBody } };

/** POST adds a fieldset (answered with it) or a field (answered with its JSON schema). */
export const addToTypeSchema: RouteSchema = {
  ...editTypeSchema,
  responses: { 201: z.union([typeFieldset, typeField]) },
};

export const deleteFromTypeSchema: RouteSchema = { responses: { 204: noBody } };
