// What @copy and @move accept and answer (seed "Copy / Move").
import { objectBodySchema, z, type RouteSchema } from '../../http/schema.ts';
import { url } from '../../serialize/shapes.ts';

/** A source: URL, path or UID (a number is looked up as a UID and found by none). */
const source = z.union([z.string(), z.number()]);

export const copyMoveSchema: RouteSchema = {
  body: objectBodySchema({ source: z.union([source, z.array(z.unknown())], { error: (iss) => (iss.input === undefined ? "Property 'source' is required" : undefined) }).meta({ description: 'What to copy or move here: a URL, path or UID, or a list of them.' }) }),
  invalid: { type: 'BadRequest', shape: 'exception' },
  responses: { 200: z.array(z.strictObject({ source: url, target: url })) },
};
