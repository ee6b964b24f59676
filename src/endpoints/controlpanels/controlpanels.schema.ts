// What @controlpanels accepts (seed "Control panels", supplement 13): PATCH the values of a
// panel (checked field by field by the panel), POST a new type or rule (some POSTs take none).
import { listPanelsSchema, madeInPanel } from './controlpanels.get.schema.ts';
import { objectBodySchema, z, type RouteSchema } from '../../http/schema.ts';
import { noBody } from '../../serialize/shapes.ts';
import type { PanelBody } from '../../http/types.ts';
import { validationError } from '../../lib/errors.ts';
import { MAX_NAME_LENGTH, MAX_TITLE_LENGTH } from '../../lib/limits.ts';
import type { SiteState } from '../../state/model.ts';
import { behaviorChoices } from './behavior-catalogue.ts';

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

// The changes of a type (PATCH of one type): the members of the type's form (its panel schema,
// type-resource.ts), every bad one at once, once per member; other members pass unchanged. Which
// behaviors there are and which types may be allowed depend on the site, so the schema checked is
// built from the state; the OpenAPI document shows the general shape (behaviors: any boolean member).
const FILTER_CHOICES = [true, false, 'some', 'none', 'all'] as const;
const typeChangeMembers = (allowed: z.ZodType) => ({
  title: z
    .string({ error: WRONG })
    .refine((v) => v.trim().length > 0, { error: WRONG })
    .refine((v) => v.length <= MAX_TITLE_LENGTH, { error: tooLong(MAX_TITLE_LENGTH) })
    .optional()
    .meta({ description: 'The type’s title (not blank).' }),
  description: z.string({ error: WRONG }).optional().meta({ description: 'The type’s description.' }),
  allowed_content_types: z.array(allowed, { error: WRONG }).optional().meta({ description: 'The types that may be added inside (ids of existing types).' }),
  filter_content_types: z
    .literal(FILTER_CHOICES, { error: WRONG })
    .optional()
    .meta({ description: 'Whether the allowed types apply (`true`, `some`, `none`) or every type may be added (`false`, `all`).' }),
});
const BEHAVIOR_SWITCH = 'A behavior of the type’s schema, by name (`cms.richtext`): true switches it on, false off.';
const typeChange = objectBodySchema(typeChangeMembers(z.string({ error: WRONG })))
  .catchall(z.boolean({ error: WRONG }).meta({ description: BEHAVIOR_SWITCH }))
  .meta({ title: 'Changes of a type' });

/** The changes of a type as this site's panel checks them: its behaviors, its types. */
export function typeChangeOf(state: SiteState): z.ZodType {
  const ids = Object.keys(state.types);
  const behaviors = Object.fromEntries(behaviorChoices(state).map((b) => [b.name, z.boolean({ error: WRONG }).optional()]));
  return objectBodySchema({ ...behaviors, ...typeChangeMembers(z.enum(ids, { error: WRONG })) });
}

/** The panel form's field errors: the first problem of each member. */
const refuseEachOnce = (problems: { field: string; message: string }[]) => validationError(problems.filter((p, i) => problems.findIndex((q) => q.field === p.field) === i));
const typeForm = (body: z.ZodType) => ({ body, malformed: EXCEPTION, invalid: EXCEPTION, refuseAll: refuseEachOnce });

export const TYPE_BODIES: PanelBody[] = [
  { method: 'POST', depth: 0, name: '', schema: { body: newTypeBody, malformed: EXCEPTION, invalid: EXCEPTION, refuseAll: validationError } },
  { method: 'PATCH', depth: 1, name: '{type}', schema: typeForm(typeChange), forState: (state) => typeForm(typeChangeOf(state)) },
];
