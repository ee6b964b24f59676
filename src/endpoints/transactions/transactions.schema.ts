// What @transactions accepts and answers (seed "Transactions").
import { objectBodySchema, z, type RouteSchema } from '../../http/schema.ts';

export const listTransactionsSchema: RouteSchema = {
  responses: { 200: z.array(z.strictObject({ id: z.string(), description: z.string(), size: z.number(), time: z.string(), username: z.string() })) },
};

export const undoSchema: RouteSchema = {
  body: objectBodySchema({ transaction_ids: z.array(z.string(), { error: 'Missing parameter transaction_ids' }).min(1, { error: 'Missing parameter transaction_ids' }) }),
  invalid: { type: 'BadRequest', shape: 'exception' },
  malformed: { type: 'BadRequest', shape: 'exception' },
  responses: { 200: z.strictObject({ message: z.string() }) },
};
