// What @database answers (seed "Database").
import { z, type RouteSchema } from '../../http/schema.ts';
import { url } from '../../serialize/shapes.ts';

const count = z.number().nonnegative();

export const databaseSchema: RouteSchema = {
  responses: {
    200: z.strictObject({
      '@id': url,
      db_name: z.string(),
      db_size: count,
      database_size: count,
      cache_length: count,
      cache_length_bytes: count,
      cache_detail_length: z.array(z.looseObject({ connection: z.string(), ngsize: count, size: count })),
      cache_size: count,
    }),
  },
};
