// What @site and @system answer (seed "Site", "System").
import { z, type RouteSchema } from '../../http/schema.ts';
import { url } from '../../serialize/shapes.ts';

export const siteSchema: RouteSchema = {
  responses: { 200: z.looseObject({ '@id': url, features: z.record(z.string(), z.boolean()), 'plone.available_languages': z.array(z.string()), 'plone.default_language': z.string() }) },
};

export const systemSchema: RouteSchema = {
  responses: { 200: z.looseObject({ '@id': url, plone_version: z.string(), plone_restapi_version: z.string(), zope_version: z.string(), upgrade: z.boolean() }) },
};
