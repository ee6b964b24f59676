// What @email-notification and @email-send accept and answer (seed "E-mail"). The members the
// handlers need are required and not blank, refused in Plone's words; @email-send judges them
// only once the caller may send mail (401/403 first, as Plone checks).
import { formBodySchema, objectBodySchema, z, type RouteSchema } from '../../http/schema.ts';
import { noBody } from '../../serialize/shapes.ts';

const text = z.string().nullable().optional();
/** A member that must be given, as text that is not blank; `missing`: Plone's refusal. */
const needed = (missing: string, description: string) => z.string({ error: missing }).regex(/\S/, { error: missing }).meta({ description });

const NOTIFY_MISSING = 'Missing from or message parameters';
const SEND_MISSING = 'Missing "to", "from" or "message" parameters';

export const notificationSchema: RouteSchema = {
  // no body is an empty form: refused for its missing members
  body: formBodySchema({
    from: needed(NOTIFY_MISSING, 'Address of the sender.'),
    message: needed(NOTIFY_MISSING, 'The text of the mail.'),
    name: text,
    subject: text,
  }),
  invalid: { type: 'BadRequest', shape: 'exception' },
  responses: { 204: noBody },
};

export const sendSchema: RouteSchema = {
  body: objectBodySchema({ to: text, from: text, message: text, name: text, subject: text }).optional(),
  later: {
    body: formBodySchema({
      to: needed(SEND_MISSING, 'Address of the recipient.'),
      from: needed(SEND_MISSING, 'Address of the sender.'),
      message: needed(SEND_MISSING, 'The text of the mail.'),
      name: text,
      subject: text,
    }),
  },
  responses: { 204: noBody },
};
