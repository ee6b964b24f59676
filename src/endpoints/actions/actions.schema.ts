// What @actions answers (seed "Actions"): the actions of each category asked for.
import { z, type RouteSchema } from '../../http/schema.ts';

const action = z.looseObject({ icon: z.string(), id: z.string(), title: z.string() });

export const actionsSchema: RouteSchema = { responses: { 200: z.record(z.string(), z.array(action)) } };
