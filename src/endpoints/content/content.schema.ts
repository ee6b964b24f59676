// What the content object's own routes accept and answer (supplement 9). Field values are
// checked against the type's schema by the deserializer (validation errors, supplement 2.3); the
// members that are no fields of a type (id, layout, ordering, sort, change note, constrain types)
// are checked here. Refusals are raised BadRequests ({type, message}), but a missing `@type` is
// the service's own {error} answer and the constrain-types values keep the validation-error list
// of Plone's form.
import { badRequest, shown, validationError } from '../../lib/errors.ts';
import { batchQuery, itemsQuery, objectBodySchema, queryBoolean, queryList, z, type RouteSchema } from '../../http/schema.ts';
import { contentObject, noBody } from '../../serialize/shapes.ts';

const typeName = z.string({ error: (iss) => (iss.input === undefined ? "Property '@type' is required" : undefined) }).min(1, { error: "Property '@type' is required" });

const says = (message: string) => ({ error: message });
const invalidDelta = { error: (iss: { input: unknown }) => `Invalid delta: ${shown(iss.input)}` };

/** Ordering of a folder's items (PATCH on the container, supplement 9.5). */
const ordering = z
  .looseObject(
    {
      obj_id: z.string({ error: (iss) => `Object "${shown(iss.input)}" not found in container` }).meta({ description: 'Id of the item to move.' }),
      delta: z
        .union([z.number().int(invalidDelta), z.literal('top'), z.literal('bottom'), z.string().regex(/^\s*[-+]?\d+\s*$/, invalidDelta)], invalidDelta)
        .optional()
        .meta({ description: 'Positions to move by (negative: up), or `top` / `bottom`.' }),
      subset_ids: z.array(z.string(says('Invalid subset_ids')), says('Invalid subset_ids')).optional().meta({ description: 'The ids the client sees, in its order (a check against the server order).' }),
    },
    says('Invalid ordering'),
  )
  .meta({ description: 'Move one item of this folder.' });

/** Sorting a folder's items once, by a catalog column (PATCH on the container). */
const sort = z
  .looseObject({ on: z.string(says('Invalid sort: "on" is required')), order: z.string().optional().meta({ description: '`descending` (or `reverse`) sorts downwards.' }) }, says('Invalid sort'))
  .meta({ description: 'Sort the items of this folder by a catalog column.' });

const WRONG_TYPES = 'Wrong contained type';
const typeIds = (description: string) => z.array(z.string(says(WRONG_TYPES)), says(WRONG_TYPES)).nullable().optional().meta({ description });

/**
 * "Constrain types" of a folder (types with the behavior, callers with "Modify constrain types";
 * ignored otherwise); not shown by GET, as in Plone.
 */
const constrainTypes = {
  constrain_types_mode: z
    .union([z.literal(-1), z.literal(0), z.literal(1)], says('Constraint not satisfied: use -1 (acquire), 0 (disabled) or 1 (enabled)'))
    .optional()
    .meta({ description: 'Which types may be added here: -1 as in the parent folder, 0 those of the type, 1 the lists below.' }),
  locally_allowed_types: typeIds('With mode 1: the types that may be added here (null removes the list).'),
  immediately_addable_types: typeIds('With mode 1: the types offered first in the add menu (among the allowed ones; null removes the list).'),
};
const FORM_FIELDS: ReadonlySet<string> = new Set(Object.keys(constrainTypes));

/** What both POST and PATCH take beside the type's fields. */
const layout = z.string(says('Invalid layout'));
const LAYOUT = "The view of the object (one of its type's views).";
const common = {
  changeNote: z.string().optional().meta({ description: 'Kept with the version this change makes (versioned types).' }),
  ...constrainTypes,
};

/** The service's own answer for a missing type ({error}), the form's field errors, else a raised BadRequest. */
function refuse(message: string, field: string) {
  if (field === '@type') return badRequest(message, 'service');
  return FORM_FIELDS.has(field) ? validationError([{ field, message }]) : badRequest(message);
}

export const getContentSchema: RouteSchema = {
  // the components' own options (expand.navigation.depth, ...) are added by endpoints/index.ts
  query: z.looseObject({
    ...batchQuery,
    ...itemsQuery,
    include_items: queryBoolean.optional(),
    version: z.string().optional(),
    expand: queryList.optional().meta({ description: 'Components to embed in the answer (`breadcrumbs,navigation,actions,types,workflow`, ...); repeat or separate by commas.' }),
  }),
  responses: { 200: z.union([contentObject, z.strictObject({})]) },
};

export const createContentSchema: RouteSchema = {
  body: objectBodySchema({
    '@type': typeName.meta({ description: 'The content type of the new object (`Document`, `Folder`, ...).' }),
    id: z.string().nullable().optional().meta({ description: 'Id of the new object (default: made from the title, or from the file name of a File or Image).' }),
    UID: z.string().optional().meta({ description: 'UID to give the object (Manager only, for migrations).' }),
    layout: layout.optional().meta({ description: `${LAYOUT} Another view is ignored.` }),
    ...common,
  }),
  refuse,
  responses: { 201: contentObject },
};

export const updateContentSchema: RouteSchema = {
  body: objectBodySchema({
    id: z.string().nullable().optional().meta({ description: 'A new id: renames the object.' }),
    ordering: ordering.optional(),
    sort: sort.optional(),
    layout: layout.min(1, says('Invalid layout')).optional().meta({ description: LAYOUT }),
    ...common,
  }),
  refuse,
  responses: { 204: noBody, 200: contentObject },
};

export const deleteContentSchema: RouteSchema = { responses: { 204: noBody } };
