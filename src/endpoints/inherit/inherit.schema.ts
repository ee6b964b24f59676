// What @inherit answers (seed "Inherit"): for each behavior asked for, the nearest object that
// provides it and its field values; {} when none is asked for.
import { queryList, z, type RouteSchema } from '../../http/schema.ts';
import { url } from '../../serialize/shapes.ts';

const found = z.strictObject({ from: z.strictObject({ '@id': url, title: z.string() }), data: z.record(z.string(), z.unknown()) });

export const inheritSchema: RouteSchema = {
  query: z.looseObject({ 'expand.inherit.behaviors': queryList.optional().meta({ description: 'Behaviors whose fields to look up in the nearest object providing them; repeat or separate by commas.' }) }),
  responses: { 200: z.union([z.strictObject({}), z.object({ '@id': url }).catchall(found)]) },
};
