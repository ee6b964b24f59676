// What @lock (and the older @unlock, @refresh-lock) accept and answer (supplement 17).
import { booleanMember, objectBodySchema, z, type RouteSchema } from '../../http/schema.ts';
import { shown } from '../../lib/errors.ts';
import { lockInfo } from '../../serialize/shapes.ts';

/** A boolean, or one of its text spellings (supplement 4; the handler reads it). */
const flag = z.union([z.boolean(), z.string(), z.literal(0), z.literal(1)]);

const positive = (n: number) => Number.isInteger(n) && n > 0;
/** Seconds: a positive integer, or a text of one. */
const invalid = { error: (iss: { input: unknown }) => `Invalid timeout: ${shown(iss.input)}` };
const seconds = z.union([z.number().refine(positive, invalid), z.string().refine((s) => positive(Number(s)), invalid)], invalid);

/** What POST @lock takes; `null` and absent members take their defaults. */
export const lockBody = objectBodySchema({
  stealable: booleanMember.optional().meta({ description: 'Whether another user with edit rights may take the lock over (default true).' }),
  timeout: seconds.nullable().optional().meta({ description: 'Seconds until the lock lapses (default 600).' }),
});
export type LockBody = z.output<typeof lockBody>;

export const readLockSchema: RouteSchema = { responses: { 200: lockInfo } };

export const lockSchema: RouteSchema = {
  body: lockBody.optional(),
  invalid: { type: 'BadRequest', shape: 'exception' },
  responses: { 200: lockInfo },
};

export const refreshLockSchema: RouteSchema = { body: objectBodySchema({}).optional(), responses: { 200: lockInfo } };

export const unlockSchema: RouteSchema = { body: objectBodySchema({ force: flag.optional().meta({ description: 'Remove a lock held by someone else (needs the right to).' }) }).optional(), responses: { 200: lockInfo } };
