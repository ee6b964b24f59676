// What GET @types answers (supplement 14): the addable types, or one type's JSON schema.
import { z, type RouteSchema } from '../../http/schema.ts';
import { formSchema, url } from '../../serialize/shapes.ts';

const listed = z.strictObject({ '@id': url, addable: z.boolean(), id: z.string(), immediately_addable: z.boolean(), title: z.string() });
const typeSchema = formSchema.extend({ title: z.string(), layouts: z.array(z.string()).optional() });

/** A field (its JSON-schema property) or a fieldset of a type (`/@types/{type}/{name}`). */
export const typeField = z.looseObject({ title: z.string(), type: z.string(), factory: z.string().optional(), behavior: z.string().optional(), description: z.string().optional() });
export const typeFieldset = z.looseObject({ id: z.string(), title: z.string(), fields: z.array(z.string()), behavior: z.string().optional(), description: z.string().optional() });

export const readTypesSchema: RouteSchema = { responses: { 200: z.union([z.array(listed), typeSchema, typeFieldset, typeField]) } };
