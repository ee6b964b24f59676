// What the schema edits of @types accept (seed "Types", supplement 14): POST a field or a fieldset,
// PATCH the schema (properties and fieldsets), one field or one fieldset, PUT the whole schema.
// The members' JSON types are checked here, every bad member at once (the form's field errors,
// in Plone's words); the handlers judge only what depends on the type (does the field exist, is
// the id free, is the factory one of the `Fields` vocabulary).
import { objectBodySchema, z, type RouteSchema, type SchemaVariant } from '../../http/schema.ts';
import { validationError } from '../../lib/errors.ts';
import { noBody } from '../../serialize/shapes.ts';
import { typeField, typeFieldset } from './types.get.schema.ts';

const EXCEPTION = { type: 'BadRequest', shape: 'exception' } as const;
const WRONG = 'Object is of wrong type.';
const text = (description: string) => z.string({ error: WRONG }).optional().meta({ description });
const number = (description: string) => z.number({ error: WRONG }).nullable().optional().meta({ description });
const names = (description: string) => z.array(z.string({ error: WRONG }), { error: WRONG }).optional().meta({ description });

/** What a field's edit may set; other members are ignored. */
const fieldAttributes = {
  title: text('The field’s label.'),
  description: text('Help text under the label.'),
  widget: text('The widget that edits the field.'),
  required: z.boolean({ error: WRONG }).optional().meta({ description: 'Whether a value is required.' }),
  default: z.unknown().optional().meta({ description: 'The default value (null: none).' }),
  maxLength: number('Longest text allowed.'),
  minimum: number('Smallest number allowed.'),
  minLength: number('Shortest text allowed.'),
  maximum: number('Largest number allowed.'),
  values: names('The choices of a Choice or Multiple Choice field.'),
};

const fieldsetMembers = {
  id: text('The fieldset’s id (default: made from the title).'),
  title: text('The fieldset’s title.'),
  description: text('The fieldset’s description.'),
  fields: names('Own fields to move into the fieldset.'),
};

const newField = objectBodySchema({
  factory: z.unknown().optional().meta({ description: 'The kind of field: a token or title of the `Fields` vocabulary (`label_text_field`, `Text line (String)`, ...).' }),
  id: text('The field’s name (default: made from the title).'),
  ...fieldAttributes,
}).meta({ title: 'A new field' });

const newFieldset = objectBodySchema({
  factory: z.literal('fieldset'),
  id: fieldsetMembers.id,
  title: fieldsetMembers.title,
  description: fieldsetMembers.description,
}).meta({ title: 'A new fieldset' });

const fieldsetEdit = objectBodySchema(fieldsetMembers);
const schemaEdit = objectBodySchema({
  properties: z.record(z.string(), objectBodySchema(fieldAttributes), { error: WRONG }).optional().meta({ description: 'Own fields by name: attributes to set (a missing field is made).' }),
  fieldsets: z.array(fieldsetEdit, { error: WRONG }).optional().meta({ description: 'Fieldsets to change or make, each with the own fields it holds.' }),
});
const wholeSchema = objectBodySchema({
  ...schemaEdit.shape,
  required: names('Names of the required fields.'),
  layouts: names('The views of the type.'),
}).meta({ title: 'The whole schema' });

const refuseAll = (problems: { field: string; message: string }[]) => validationError(problems);
const base = { malformed: EXCEPTION, invalid: EXCEPTION, refuseAll };

/** PATCH `@types/<type>` edits the schema; `@types/<type>/<name>` one field or one fieldset. */
const patchVariants: SchemaVariant[] = [
  { name: '{type}', applies: (params) => params.filter(Boolean).length === 1, params: 1, schema: { ...base, body: schemaEdit.meta({ title: 'Schema edit: properties and fieldsets' }) } },
  {
    name: '{type}/{field or fieldset}',
    applies: (params) => params.filter(Boolean).length === 2,
    params: 2,
    schema: { ...base, body: objectBodySchema({ ...fieldAttributes, fields: fieldsetMembers.fields }).meta({ title: 'Field or fieldset edit' }) },
  },
];

export const editTypeSchema: RouteSchema = { body: objectBodySchema({}), ...base, variants: patchVariants, responses: { 204: noBody } };

export const replaceTypeSchema: RouteSchema = { body: wholeSchema, ...base, responses: { 204: noBody } };

const NO_FACTORY = "Missing parameter: 'factory'";

/**
 * POST adds a fieldset (answered with it) or a field (answered with its JSON schema). A field
 * needs its kind (`factory`): judged by the handler once the type the URL names is found (404 first).
 */
export const addToTypeSchema: RouteSchema = {
  body: z.union([newFieldset, newField]),
  ...base,
  later: {
    body: objectBodySchema({
      ...newField.shape,
      factory: z
        .union([z.string().min(1, { error: NO_FACTORY }), z.number(), z.boolean(), z.array(z.unknown()), z.record(z.string(), z.unknown())], { error: NO_FACTORY })
        .meta({ description: 'The kind of field: a token or title of the `Fields` vocabulary (`label_text_field`, `Text line (String)`, ...); `fieldset` for a new fieldset.' }),
    }).meta({ title: 'A new field or fieldset' }),
    invalid: EXCEPTION,
  },
  responses: { 201: z.union([typeFieldset, typeField]) },
};

export const deleteFromTypeSchema: RouteSchema = { responses: { 204: noBody } };
