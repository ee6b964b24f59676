// What @contextnavigation answers (supplement 31.3): the navigation portlet's tree.
import { z, type RouteSchema } from '../../http/schema.ts';
import { url } from '../../serialize/shapes.ts';

export const contextNavigationSchema: RouteSchema = {
  responses: { 200: z.looseObject({ '@id': url, available: z.boolean(), has_custom_name: z.boolean(), items: z.array(z.looseObject({ '@id': url, title: z.string() })), title: z.string(), url }) },
};
