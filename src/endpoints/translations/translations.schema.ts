// What POST and DELETE @translations accept (seed "Translations", supplement 20).
import { objectBody, z, type RouteSchema } from '../../http/schema.ts';

export const linkSchema: RouteSchema = { body: objectBody({ id: z.string().optional() }).optional() };
export const unlinkSchema: RouteSchema = { body: objectBody({ language: z.string().optional() }).optional() };
