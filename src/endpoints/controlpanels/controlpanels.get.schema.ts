// What GET @controlpanels answers (supplement 13): the panels, or one panel's data and schema.
import { z, type RouteSchema } from '../../http/schema.ts';
import { url } from '../../serialize/shapes.ts';

const listed = z.looseObject({ '@id': url, group: z.string(), title: z.string() });
const panel = z.looseObject({ '@id': url, group: z.string().optional(), title: z.string().optional() });

export const listPanelsSchema: RouteSchema = { responses: { 200: z.union([z.array(listed), panel]) } };
