// What @lock (and the older @unlock, @refresh-lock) accept and answer (supplement 17).
import { objectBody, z, type RouteSchema } from '../../http/schema.ts';
import { lockInfo } from '../../serialize/shapes.ts';

/** A boolean, or one of its text spellings (supplement 4; the handler reads it). */
const flag = z.union([z.boolean(), z.string(), z.literal(0), z.literal(1)]);

export const readLockSchema: RouteSchema = { responses: { 200: lockInfo } };

export const lockSchema: RouteSchema = {
  body: objectBody({
    stealable: flag.optional().meta({ description: 'Whether another user with edit rights may take the lock over (default true).' }),
    timeout: z.union([z.number(), z.string()]).nullable().optional().meta({ description: 'Seconds until the lock lapses (default 600).' }),
  }).optional(),
  responses: { 200: lockInfo },
};

export const refreshLockSchema: RouteSchema = { body: objectBody({}).optional(), responses: { 200: lockInfo } };

export const unlockSchema: RouteSchema = { body: objectBody({ force: flag.optional().meta({ description: 'Remove a lock held by someone else (needs the right to).' }) }).optional(), responses: { 200: lockInfo } };
