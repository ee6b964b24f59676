// What GET @types answers (supplement 14): the addable types, or one type's JSON schema.
import { z, type RouteSchema } from '../../http/schema.ts';
import { url } from '../../serialize/shapes.ts';

const listed = z.strictObject({ '@id': url, addable: z.boolean(), id: z.string(), immediately_addable: z.boolean(), title: z.string() });
const typeSchema = z.looseObject({
  fieldsets: z.array(z.looseObject({ id: z.string(), title: z.string(), fields: z.array(z.string()) })),
  properties: z.record(z.string(), z.looseObject({ title: z.string().optional(), type: z.string().optional() })),
  required: z.array(z.string()),
  type: z.literal('object'),
});

export const readTypesSchema: RouteSchema = { responses: { 200: z.union([z.array(listed), typeSchema, typeSchema.shape.properties.valueType]) } };
