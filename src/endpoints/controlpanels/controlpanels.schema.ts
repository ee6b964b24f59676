// What @controlpanels accepts (seed "Control panels", supplement 13): PATCH the values of a
// panel (checked field by field by the panel), POST a new type or rule (some POSTs take none).
import { listPanelsSchema, madeInPanel } from './controlpanels.get.schema.ts';
import { objectBodySchema, z, type RouteSchema } from '../../http/schema.ts';
import { noBody } from '../../serialize/shapes.ts';
import type { PanelBody } from '../../http/types.ts';
import { validationError } from '../../lib/errors.ts';
import { MAX_NAME_LENGTH, MAX_TITLE_LENGTH } from '../../lib/limits.ts';

const EXCEPTION = { type: 'BadRequest', shape: 'exception' } as const;

export const SCHEMAS: Record<'GET' | 'POST' | 'PATCH' | 'DELETE', RouteSchema> = {
  GET: listPanelsSchema,
  POST: { body: objectBodySchema({}).optional(), malformed: EXCEPTION, invalid: EXCEPTION, responses: { 201: madeInPanel } },
  PATCH: { body: objectBodySchema({}), malformed: EXCEPTION, invalid: EXCEPTION, responses: { 204: noBody } },
  DELETE: { responses: { 204: noBody } },
};

// The body of a new content type (the `dexterity-types` panel): its members' types and the id's
// form, every bad member at once in the panel form's words; a missing title and a taken id are
// the handler's (Plone answers those as BadRequest).
const WRONG = 'Object is of wrong type.';
const tooLong = (max: number) => `Value is too long (at most ${max} characters).`;
const newTypeBody = objectBodySchema({
  title: z.string({ error: WRONG }).refine((v) => v.trim().length <= MAX_TITLE_LENGTH, { error: tooLong(MAX_TITLE_LENGTH) }).optional().meta({ description: 'The type’s title (required).' }),
  id: z
    .string({ error: WRONG })
    .refine((v) => /^[A-Za-z0-9_.]*$/.test(v.trim()), { error: 'Please use only letters, numbers and the following characters: _.' })
    .refine((v) => v.trim().length <= MAX_NAME_LENGTH, { error: tooLong(MAX_NAME_LENGTH) })
    .nullable()
    .optional()
    .meta({ description: 'The short name (default: made from the title): letters, digits, _ and .' }),
  description: z.string({ error: WRONG }).optional().meta({ description: 'The type’s description.' }),
})
  .optional()
  .meta({ title: 'A new content type' });

export const TYPE_BODIES: PanelBody[] = [
  { method: 'POST', depth: 0, name: '', schema: { body: newTypeBody, malformed: EXCEPTION, invalid: EXCEPTION, refuseAll: validationError } },
];
