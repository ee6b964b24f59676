// What POST and DELETE @relations accept (seed "Relations"): items of {source, target,
// relation}; sources and targets are UIDs or paths, resolved (or refused with 422) by the handler.
// POST /@relations/rebuild takes no body.
import { objectBody, z, type RouteSchema } from '../../http/schema.ts';

const reference = z.union([z.string(), z.number()]);
const items = z.array(z.unknown(), { error: (iss) => (iss.input === undefined ? "Property 'items' is required" : "Property 'items' must be a list") });

export const createRelationsSchema: RouteSchema = {
  body: objectBody({ items: items.optional() }).optional(),
  invalid: { type: 'BadRequest', shape: 'exception' },
};

export const deleteRelationsSchema: RouteSchema = {
  body: objectBody({ items: items.optional(), source: reference.optional(), target: reference.optional(), relation: z.string().optional() }).optional(),
  invalid: { type: 'BadRequest', shape: 'exception' },
};
