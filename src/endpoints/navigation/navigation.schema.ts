// What @navigation answers (supplement 31.2): the Home tab and the tabs below the navigation
// root, each with `items` below it down to the depth asked for.
import { z, type RouteSchema } from '../../http/schema.ts';
import { url } from '../../serialize/shapes.ts';

interface Item {
  '@id': string;
  title: string;
  items: Item[];
}
const item: z.ZodType<Item> = z.looseObject({
  '@id': url,
  title: z.string(),
  description: z.string().optional(),
  review_state: z.string().nullable().optional(),
  get items() {
    return z.array(item);
  },
});

export const navigationSchema: RouteSchema = { responses: { 200: z.looseObject({ '@id': url, items: z.array(item) }) } };
