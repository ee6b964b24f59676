// What @breadcrumbs answers (supplement 31.1).
import { z, type RouteSchema } from '../../http/schema.ts';
import { url } from '../../serialize/shapes.ts';

export const breadcrumbsSchema: RouteSchema = {
  responses: { 200: z.looseObject({ '@id': url, items: z.array(z.looseObject({ '@id': url, title: z.string() })), root: url }) },
};
