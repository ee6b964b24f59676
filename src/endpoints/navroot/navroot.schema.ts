// What @navroot answers (supplement 21): the navigation root, without items and components.
import { z, type RouteSchema } from '../../http/schema.ts';
import { contentObject, url } from '../../serialize/shapes.ts';

export const navrootSchema: RouteSchema = { responses: { 200: z.strictObject({ '@id': url, navroot: contentObject }) } };
