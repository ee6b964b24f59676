// What POST and DELETE @translations accept (seed "Translations", supplement 20).
import { objectBodySchema, queryList, z, type RouteSchema } from '../../http/schema.ts';
import { noBody, url } from '../../serialize/shapes.ts';

export const linkSchema: RouteSchema = { body: objectBodySchema({ id: z.string().optional() }).optional(), responses: { 201: z.strictObject({}) } };
export const unlinkSchema: RouteSchema = { body: objectBodySchema({ language: z.string().optional() }).optional(), responses: { 204: noBody } };
export const readTranslationsSchema: RouteSchema = {
  responses: { 200: z.looseObject({ '@id': url, items: z.array(z.looseObject({ '@id': url, language: z.string() })).optional() }) },
};
export const locatorSchema: RouteSchema = {
  query: z.looseObject({ target_language: queryList.optional().meta({ description: 'The language of the translation to place (needed).' }) }),
  responses: { 200: z.strictObject({ '@id': url }) },
};
