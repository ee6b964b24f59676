// What @workflow accepts and answers (seed "Workflow").
import { booleanMember, objectBodySchema, z, type RouteSchema } from '../../http/schema.ts';
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

/** What a transition takes; the dates are judged by the handler (an unreadable one: 400 `Bad Request`). */
export const transitionBody = objectBodySchema({
  comment: z.string().optional().meta({ description: 'Kept with the transition in the history.' }),
  effective: date.meta({ description: 'Publication date to set with the transition.' }),
  expires: date.meta({ description: 'Expiration date to set with the transition.' }),
  include_children: booleanMember.optional().meta({ description: 'Also apply the transition to every object below (a boolean).' }),
});
export type TransitionBody = z.output<typeof transitionBody>;

export const transitionSchema: RouteSchema = {
  body: transitionBody.optional(),
  responses: { 200: historyEntry },
};
