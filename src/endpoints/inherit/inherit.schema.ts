// What @inherit answers (seed "Inherit"): for each behavior asked for, the nearest object that
// provides it and its field values; {} when none is asked for.
import { z, type RouteSchema } from '../../http/schema.ts';
import { url } from '../../serialize/shapes.ts';

const found = z.strictObject({ from: z.strictObject({ '@id': url, title: z.string() }), data: z.record(z.string(), z.unknown()) });

export const inheritSchema: RouteSchema = {
  responses: { 200: z.union([z.strictObject({}), z.object({ '@id': url }).catchall(found)]) },
};
