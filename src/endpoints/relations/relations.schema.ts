// What POST and DELETE @relations accept (seed "Relations"): items of {source, target,
// relation}; sources and targets are UIDs or paths, resolved (or refused with 422) by the handler.
// POST /@relations/rebuild takes no body.
import { formBodySchema, objectBodySchema, queryBoolean, queryList, z, type RouteSchema } from '../../http/schema.ts';
import { noBody, url } from '../../serialize/shapes.ts';

const reference = z.union([z.string(), z.number()]);
const items = z.array(z.unknown(), { error: (iss) => (iss.input === undefined ? "Property 'items' is required" : "Property 'items' must be a list") });

const EXCEPTION = { type: 'BadRequest', shape: 'exception' } as const;

export const createRelationsSchema: RouteSchema = {
  body: objectBodySchema({ items: items.optional() }).optional(),
  invalid: EXCEPTION,
  // `@relations` itself needs the items (no body: refused for them); `/rebuild` takes no body
  variants: [{ name: 'relations', applies: (params) => params.length === 0, params: 0, schema: { body: formBodySchema({ items }), invalid: EXCEPTION } }],
  responses: { 204: noBody },
};

const WHICH = 'Either items or at least one of source, target and relation is required';
const deleteMembers = { items: items.optional(), source: reference.optional(), target: reference.optional(), relation: z.string().optional() };

export const deleteRelationsSchema: RouteSchema = {
  // the relations to delete: listed, or those from a source, to a target or of a kind
  body: formBodySchema(deleteMembers)
    .refine((b) => ['items', 'source', 'target', 'relation'].some((k) => (b as Record<string, unknown>)[k] !== undefined), { error: WHICH })
    .meta({ anyOf: ['items', 'source', 'target', 'relation'].map((k) => ({ required: [k] })) }),
  invalid: EXCEPTION,
  responses: { 204: noBody },
};

const count = z.record(z.string(), z.number().int().nonnegative());

/** The relations of an object or of a kind, grouped by kind; without a query: counts per kind. */
export const readRelationsSchema: RouteSchema = {
  query: z.looseObject({
    onlyBroken: z.union([z.literal(''), queryBoolean]).optional().meta({ description: 'Only relations whose target is gone (empty: true).' }),
    relation: queryList.optional().meta({ description: 'Only relations of this kind (the field name, e.g. relatedItems).' }),
    source: queryList.optional().meta({ description: 'Only relations from this object: a UID, path or URL.' }),
    target: queryList.optional().meta({ description: 'Only relations to this object: a UID, path or URL.' }),
    query_source: queryList.optional().meta({ description: 'Only relations from objects whose title contains this text.' }),
    query_target: queryList.optional().meta({ description: 'Only relations to objects whose title contains this text.' }),
    max: queryList.optional().meta({ description: 'At most this many relations of each kind (a positive number).' }),
  }),
  invalid: { type: 'BadRequest', shape: 'exception' },
  responses: {
    200: z.union([
      z.strictObject({ '@id': url, broken: count, stats: count }),
      z.strictObject({ '@id': url, relations: z.record(z.string(), z.looseObject({ items: z.array(z.union([z.string(), z.looseObject({ source: z.looseObject({ '@id': url }), target: z.looseObject({ '@id': url }) })])), items_total: z.number().int().nonnegative() })) }),
    ]),
  },
};
