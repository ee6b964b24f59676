// What @history accepts and answers (seed "History", supplement 22).
import { objectBodySchema, z, type RouteSchema } from '../../http/schema.ts';
import { contentObject, timestamp, url } from '../../serialize/shapes.ts';

const entry = z.looseObject({
  action: z.string(),
  actor: z.looseObject({ '@id': url, fullname: z.string(), id: z.string(), username: z.string().nullable() }),
  comments: z.string().nullable(),
  time: timestamp,
  transition_title: z.string(),
  type: z.enum(['workflow', 'versioning']).nullable(),
});

export const historySchema: RouteSchema = {
  responses: { 200: z.union([z.array(entry), contentObject]) },
};

export const revertSchema: RouteSchema = {
  body: objectBodySchema({ version: z.union([z.number(), z.string()], { error: (iss) => (iss.input === undefined ? "Property 'version' is required" : undefined) }).meta({ description: 'Number of the version to restore.' }) }),
  responses: { 200: z.strictObject({ message: z.string() }) },
};
