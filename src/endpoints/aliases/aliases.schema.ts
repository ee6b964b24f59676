// What POST and DELETE @aliases accept (seed "Aliases", supplement 15): `items`, a list of
// {path, redirect-to?, datetime?} or of paths, or one path; each path is judged by the handler.
// POST also takes a CSV file (multipart form) at the site root.
import { objectBody, z, type RouteSchema } from '../../http/schema.ts';

const REQUIRED = "Property 'items' is required";
const item = z.union([z.string(), z.looseObject({ path: z.unknown(), 'redirect-to': z.string().optional(), datetime: z.string().nullable().optional() })]);

export const editAliasesSchema: RouteSchema = {
  body: objectBody({ items: z.union([item, z.array(z.unknown())], { error: (iss) => (iss.input === undefined ? REQUIRED : undefined) }) }),
  invalid: { type: 'BadRequest', shape: 'exception' },
  form: true,
};
