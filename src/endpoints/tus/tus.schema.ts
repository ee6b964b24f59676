// What the TUS routes answer (supplement 31.x, the TUS protocol): headers only, never a body.
import type { RouteSchema } from '../../http/schema.ts';
import { noBody } from '../../serialize/shapes.ts';

export const TUS_SCHEMAS: Record<'options' | 'start' | 'status' | 'chunk', RouteSchema> = {
  options: { responses: { 204: noBody } },
  start: { responses: { 201: noBody } },
  status: { responses: { 200: noBody } },
  chunk: { responses: { 204: noBody } },
};
