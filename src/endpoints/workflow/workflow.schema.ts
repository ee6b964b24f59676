// What @workflow accepts and answers (seed "Workflow").
import { objectBody, z, type RouteSchema } from '../../http/schema.ts';
import { timestamp, url } from '../../serialize/shapes.ts';

const historyEntry = z.looseObject({
  action: z.string().nullable(),
  actor: z.string().nullable(),
  comments: z.string(),
  review_state: z.string(),
  time: timestamp,
  title: z.string(),
});

export const workflowInfoSchema: RouteSchema = {
  responses: {
    200: z.looseObject({
      '@id': url,
      history: z.array(historyEntry),
      transitions: z.array(z.strictObject({ '@id': url, title: z.string() })),
      state: z.strictObject({ id: z.string(), title: z.string() }).optional(),
    }),
  },
};

const date = z.string().nullable().optional();

export const transitionSchema: RouteSchema = {
  body: objectBody({
    comment: z.string().optional().meta({ description: 'Kept with the transition in the history.' }),
    effective: date.meta({ description: 'Publication date to set with the transition.' }),
    expires: date.meta({ description: 'Expiration date to set with the transition.' }),
    include_children: z.union([z.boolean(), z.string(), z.number()]).optional().meta({ description: 'Also apply the transition to every object below (a boolean).' }),
  }).optional(),
  responses: { 200: historyEntry },
};
