// What the content object's own routes accept and answer (supplement 9). Field values are
// checked against the type's schema by the deserializer (validation errors, supplement 2.3).
import { batchQuery, itemsQuery, objectBodySchema, queryBoolean, z, type RouteSchema } from '../../http/schema.ts';
import { contentObject, noBody } from '../../serialize/shapes.ts';

const typeName = z.string({ error: (iss) => (iss.input === undefined ? "Property '@type' is required" : undefined) }).min(1, { error: "Property '@type' is required" });

/** Ordering of a folder's items (PATCH on the container, supplement 9.5). */
const ordering = z.looseObject({
  obj_id: z.string(),
  delta: z.union([z.number().int(), z.string()]).optional(),
  subset_ids: z.array(z.string()).optional(),
});

export const getContentSchema: RouteSchema = {
  query: z.looseObject({ ...batchQuery, ...itemsQuery, include_items: queryBoolean.optional(), version: z.string().optional() }),
  responses: { 200: z.union([contentObject, z.strictObject({})]) },
};

export const createContentSchema: RouteSchema = {
  body: objectBodySchema({
    '@type': typeName,
    id: z.string().nullable().optional(),
    UID: z.string().optional(),
  }),
  responses: { 201: contentObject },
};

export const updateContentSchema: RouteSchema = {
  body: objectBodySchema({
    id: z.string().nullable().optional(),
    layout: z.string().optional(),
    ordering: ordering.optional(),
  }),
  responses: { 204: noBody, 200: contentObject },
};

export const deleteContentSchema: RouteSchema = { responses: { 204: noBody } };
