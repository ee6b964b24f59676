// What @navigation answers (supplement 31.2): the Home tab and the tabs below the navigation
// root, each with `items` below it down to the depth asked for. The schema spells out four levels
// (JSON Schema without recursion, so the OpenAPI document needs no shared definitions).
import { queryInt, z, type RouteSchema } from '../../http/schema.ts';
import { url } from '../../serialize/shapes.ts';

const entry = { '@id': url, title: z.string(), description: z.string().optional(), review_state: z.string().nullable().optional() };

function level(depth: number): z.ZodType {
  return z.looseObject({ ...entry, items: depth > 1 ? z.array(level(depth - 1)) : z.array(z.looseObject(entry)) });
}

export const navigationSchema: RouteSchema = {
  query: z.looseObject({ 'expand.navigation.depth': queryInt('Levels of items below each tab (default 1).').optional() }),
  responses: { 200: z.looseObject({ '@id': url, items: z.array(level(4)) }) } };
