// What @email-notification and @email-send accept and answer (seed "E-mail").
import { objectBodySchema, z, type RouteSchema } from '../../http/schema.ts';
import { noBody } from '../../serialize/shapes.ts';

const text = z.string().nullable().optional();

export const notificationSchema: RouteSchema = {
  body: objectBodySchema({ from: text, message: text, name: text, subject: text }).optional(),
  invalid: { type: 'BadRequest', shape: 'exception' },
  responses: { 204: noBody },
};

export const sendSchema: RouteSchema = {
  body: objectBodySchema({ to: text, from: text, message: text, name: text, subject: text }).optional(),
  responses: { 204: noBody },
};
