// What GET @addons answers (seed "Add-ons"): the add-ons, or one of them.
import { queryList, z, type RouteSchema } from '../../http/schema.ts';
import { url } from '../../serialize/shapes.ts';

const addon = z.looseObject({ '@id': url, id: z.string(), title: z.string(), version: z.string(), is_installed: z.boolean() });

export const changeAddonsSchema: RouteSchema = { responses: { 204: z.undefined(), 200: z.strictObject({ items: z.array(addon) }) } };

export const readAddonsSchema: RouteSchema = {
  query: z.looseObject({ upgradeable: queryList.optional().meta({ description: 'Present: only the add-ons with an upgrade to run.' }) }),
  responses: { 200: z.union([z.looseObject({ '@id': url, items: z.array(addon) }), addon]) },
};
