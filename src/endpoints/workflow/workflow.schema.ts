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
    comment: z.string().optional(),
    effective: date,
    expires: date,
    include_children: z.union([z.boolean(), z.string(), z.number()]).optional(),
  }).optional(),
  responses: { 200: historyEntry },
};
