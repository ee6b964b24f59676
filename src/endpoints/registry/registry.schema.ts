// What @registry accepts (seed "Registry"): PATCH names existing records; each value is checked
// against its record's field by the handler (validation errors, supplement 2.3).
import { batchQuery, queryList, objectBodySchema, z, type RouteSchema } from '../../http/schema.ts';
import { batched, noBody } from '../../serialize/shapes.ts';

export const patchRegistrySchema: RouteSchema = {
  body: objectBodySchema({}),
  malformed: { type: 'BadRequest', shape: 'exception' },
  responses: { 204: noBody },
};

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);
/** A record's value: its field's kind (text, number, boolean, choice token), a list or tuple of those, or a JSON field's object. */
const value = z.union([scalar, z.array(scalar), z.record(z.string(), z.unknown())]);
const record = z.strictObject({ name: z.string(), schema: z.strictObject({ properties: z.looseObject({ title: z.string(), type: z.string() }) }), value });

/** GET @registry: a batch of records, or (on `/{name}`) one record's value. */
export const getRegistrySchema: RouteSchema = {
  query: z.looseObject({ ...batchQuery, q: queryList.optional().meta({ description: 'Records whose name starts with this text.' }) }),
  responses: { 200: z.union([batched(record), value]) } };
