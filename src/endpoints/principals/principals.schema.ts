// What @principals answers (seed "Principals"): the users and groups matching a search.
import { z, type RouteSchema } from '../../http/schema.ts';
import { groupSummary } from '../groups/groups.schema.ts';
import { user } from '../users/users.schema.ts';

export const principalsSchema: RouteSchema = {
  query: z.looseObject({ search: z.string().optional() }),
  responses: { 200: z.strictObject({ groups: z.array(groupSummary), users: z.array(user.omit({ groups: true })) }) },
};
