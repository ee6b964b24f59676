// JSON schema of a content type (seed "Type schema", supplement 14.2/14.3), built from the type
// definition in the state: fieldsets, one property per field, required fields, layouts.
import { FIELDSET_ORDER } from '../../types/behaviors.ts';
import type { FieldDef, TypeDef } from '../../types/model.ts';
import { fieldsOf } from '../../types/schema.ts';
import { FIELD_KINDS, isChoice, isCollection } from './factories.ts';
import { emptyRecord } from '../../lib/records.ts';

/** `behavior` of fieldsets defined with the type's own (through-the-web) schema. */
export const TTW_SCHEMA = 'cms.dexterity.schema.generated';

/** Name of a type's own schema: the `behavior` of the fields it defines itself. */
export const ownSchemaName = (siteId: string, type: TypeDef) => `${TTW_SCHEMA}.${siteId}_0_${type.id.replace(/\W/g, '_')}`;

/** Relative `@id`s (`@vocabularies/...`) made absolute against the context URL. */
function absolute(value: unknown, base: string): unknown {
  if (Array.isArray(value)) return value.map((v) => absolute(v, base));
  if (!value || typeof value !== 'object') return value;
  const out = emptyRecord<unknown>();
  for (const [k, v] of Object.entries(value)) {
    out[k] = k === '@id' && typeof v === 'string' && !/^[a-z]+:/i.test(v) ? `${base}/${v}` : absolute(v, base);
  }
  return out;
}

function vocabularyOf(field: FieldDef, base: string): Record<string, unknown> {
  if (field.vocabulary) return { vocabulary: { '@id': `${base}/@vocabularies/${field.vocabulary}` } };
  if (!field.choices) return {};
  return {
    choices: field.choices,
    enum: field.choices.map(([token]) => token),
    enumNames: field.choices.map(([, title]) => title),
    vocabulary: { '@id': `${base}/@sources/${field.name}` },
  };
}

/** The value type of a collection field, as the `items` schema. */
function itemsOf(field: FieldDef, base: string): Record<string, unknown> {
  const kind = field.valueKind ?? (field.kind === 'RelationList' ? 'RelationChoice' : 'TextLine');
  const value: FieldDef = { name: field.name, kind, title: '', description: '', fieldset: field.fieldset };
  if (isChoice(kind)) Object.assign(value, { vocabulary: field.vocabulary, choices: field.choices });
  const overrides = (field.extra?.items ?? {}) as Record<string, unknown>;
  return { ...fieldProperty(value, base), ...overrides };
}

/**
 * One field's JSON-schema property; `base` is the URL vocabularies and sources hang off,
 * `ownSchema` the behavior reported for fields that no behavior provides.
 */
export function fieldProperty(field: FieldDef, base: string, ownSchema?: string): Record<string, unknown> {
  const kind = FIELD_KINDS[field.kind];
  const { behavior = ownSchema, items: _items, ...extra } = field.extra ?? {};
  const p: Record<string, unknown> = { title: field.title, description: field.description, type: kind.type, factory: kind.factory };
  if (field.widget) p.widget = field.widget;
  if (field.default !== undefined) p.default = field.default;
  if (typeof behavior === 'string') p.behavior = behavior;
  if (field.readonly) p.readonly = true;
  if (field.maxLength !== undefined) p.maxLength = field.maxLength;
  if (field.minimum !== undefined) p.minimum = field.minimum;
  if (isCollection(field.kind)) {
    p.additionalItems = true;
    p.items = itemsOf(field, base);
    p.uniqueItems = field.kind !== 'List' || isChoice(field.valueKind ?? 'TextLine');
  } else if (isChoice(field.kind)) {
    Object.assign(p, vocabularyOf(field, base));
  }
  Object.assign(p, absolute(extra, base));
  return p;
}

export interface FieldsetInfo {
  id: string;
  title: string;
  description?: string;
  behavior: string;
  fields: string[];
}

/** `default` first, then the behaviors' fieldsets that hold fields, then the type's own fieldsets. */
export function fieldsetsOf(type: TypeDef): FieldsetInfo[] {
  const fields = fieldsOf(type);
  const names = (id: string) => fields.filter((f) => f.fieldset === id).map((f) => f.name);
  const out: FieldsetInfo[] = [];
  for (const [id, title] of FIELDSET_ORDER) {
    if (type.fieldsets.some((f) => f.id === id)) continue;
    const list = names(id);
    if (id === 'default') out.push({ behavior: 'plone', fields: list, id, title });
    else if (list.length) out.push({ behavior: 'plone', description: '', fields: list, id, title });
  }
  for (const fs of type.fieldsets) {
    out.push({ behavior: TTW_SCHEMA, description: fs.description, fields: names(fs.id), id: fs.id, title: fs.title });
  }
  return out;
}

export function typeSchema(type: TypeDef, base: string, siteId: string): Record<string, unknown> {
  const fields = fieldsOf(type);
  const own = ownSchemaName(siteId, type);
  return {
    fieldsets: fieldsetsOf(type),
    layouts: type.views,
    properties: Object.fromEntries(fields.map((f) => [f.name, fieldProperty(f, base, own)])),
    required: fields.filter((f) => f.required).map((f) => f.name),
    title: type.title,
    type: 'object',
  };
}
