// What @actions answers (seed "Actions"): the actions of each category asked for.
import { queryList, z, type RouteSchema } from '../../http/schema.ts';

const action = z.looseObject({ icon: z.string(), id: z.string(), title: z.string() });

export const actionsSchema: RouteSchema = {
  query: z.looseObject({ categories: queryList.optional().meta({ description: 'The categories to list (repeat for several; default: all of them).' }) }),
  responses: { 200: z.record(z.string(), z.array(action)) },
};
