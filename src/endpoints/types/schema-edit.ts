// Editing a type's own (through-the-web) schema (supplement 14.1) as reducers over a draft
// TypeDef: fields and fieldsets are created, changed, moved and removed. Fields and fieldsets
// that behaviors provide are immutable: single-field requests on them fail, whole-schema
// requests leave them alone.
import type { Draft } from 'immer';
import { badRequest, shown } from '../../lib/errors.ts';
import { BEHAVIORS, FIELDSET_ORDER } from '../../types/behaviors.ts';
import { fieldKindTerm } from '../../types/field-kinds.ts';
import type { FieldDef, TypeDef } from '../../types/model.ts';
import { asObjectBody } from '../../http/body.ts';
import { own, recordOf } from '../../lib/records.ts';

type Body = Record<string, unknown>;
type DraftType = Draft<TypeDef>;

/** `"Author email"` -> `author_email` (ids of new fields and fieldsets). */
export function idFromTitle(title: string): string {
  return title
    .trim()
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .replace(/^(\d)/, '_$1');
}

export const asBody = (value: unknown): Body => asObjectBody(value, { style: 'bad-request' }) as Body;

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);

export const isOwnField = (type: TypeDef, name: string) => type.schema.some((f) => f.name === name);
export const isOwnFieldset = (type: TypeDef, id: string) => type.fieldsets.some((f) => f.id === id);
/** A field some behavior of the type provides (read from the behaviors, so drafts are safe). */
export const isBehaviorField = (type: TypeDef, name: string) =>
  !isOwnField(type, name) && type.behaviors.some((b) => own(BEHAVIORS, b)?.fields.some((f) => f.name === name));
const isBehaviorFieldset = (type: TypeDef, id: string) => !isOwnFieldset(type, id) && FIELDSET_ORDER.some(([fid]) => fid === id);

export function behaviorFieldError(name: string) {
  return badRequest(`Field '${name}' is provided by a behavior and cannot be changed.`);
}

// ------------------------------------------------------------------ field attributes

// The members' JSON types were checked by the route schemas (types.schema.ts), every bad member
// at once; here they are only applied.
type Attr = (field: Draft<FieldDef>, value: unknown) => void;

const extraAttr = (key: string): Attr => (f, v) => {
  const extra = { ...(f.extra ?? {}) };
  if (v === null || v === undefined) delete extra[key];
  else extra[key] = v as number;
  f.extra = extra;
};

/** The attributes a field update may set; anything else a request sends is ignored. */
const ATTRIBUTES: Record<string, Attr> = recordOf({
  title: (f, v) => void (f.title = v as string),
  description: (f, v) => void (f.description = v as string),
  widget: (f, v) => void (f.widget = v as string),
  required: (f, v) => void (f.required = v as boolean),
  default: (f, v) => void (f.default = v === null ? undefined : v),
  maxLength: (f, v) => void (f.maxLength = (v as number | null) ?? undefined),
  minimum: (f, v) => void (f.minimum = (v as number | null) ?? undefined),
  minLength: extraAttr('minLength'),
  maximum: extraAttr('maximum'),
  values: (f, v) => void (f.choices = (v as string[]).map((x) => [x, x])),
});

function setAttributes(field: Draft<FieldDef>, body: Body): void {
  for (const [key, value] of Object.entries(body)) if (value !== undefined && Object.hasOwn(ATTRIBUTES, key)) ATTRIBUTES[key](field, value);
}

// ------------------------------------------------------------------ fields

/** A new field of the kind `factory` names (token or title of the `Fields` vocabulary). */
function newField(type: TypeDef, body: Body, name?: string): FieldDef {
  const factory = body.factory;
  if (factory === undefined || factory === null || factory === '') throw badRequest("Missing parameter: 'factory'");
  const term = typeof factory === 'string' ? fieldKindTerm(factory) : undefined;
  if (!term) throw badRequest(`Missing/Invalid parameter factory: ${shown(factory)}`);
  const title = text(body.title) ?? name ?? '';
  const id = name ?? (text(body.id) || idFromTitle(title));
  if (!id) throw badRequest("Missing parameter: 'title'");
  if (isOwnField(type, id) || isBehaviorField(type, id)) throw badRequest(`Field '${id}' already exists.`);
  const field: FieldDef = { name: id, kind: term.kind, title, description: '', fieldset: 'default', ...structuredClone(term.more ?? {}) };
  setAttributes(field, { ...body, title });
  return field;
}

export function addField(type: DraftType, body: Body): string {
  const field = newField(type, body);
  type.schema.push(field);
  return field.name;
}

/** Changes an own field; `create` lets a whole-schema request make it when it is missing. */
export function updateField(type: DraftType, name: string, body: Body, create = false): void {
  const field = type.schema.find((f) => f.name === name);
  if (field) return setAttributes(field, body);
  if (isBehaviorField(type, name)) throw behaviorFieldError(name);
  if (!create) throw badRequest(`Field '${name}' could not be found.`);
  type.schema.push(newField(type, body, name));
}

export function removeField(type: DraftType, name: string): void {
  if (isBehaviorField(type, name)) throw behaviorFieldError(name);
  type.schema = type.schema.filter((f) => f.name !== name);
}

// ------------------------------------------------------------------ fieldsets

export function addFieldset(type: DraftType, body: Body): string {
  const title = text(body.title) ?? '';
  const id = text(body.id) || idFromTitle(title);
  if (!id) throw badRequest("Missing parameter: 'title'");
  if (isOwnFieldset(type, id) || isBehaviorFieldset(type, id)) throw badRequest(`Fieldset '${id}' already exists.`);
  type.fieldsets.push({ id, title, description: text(body.description) ?? '' });
  return id;
}

/** Updates (or creates) fieldset `id` and moves the own fields it lists into it. */
export function updateFieldset(type: DraftType, id: string, body: Body): void {
  if (!isBehaviorFieldset(type, id)) {
    let fieldset = type.fieldsets.find((f) => f.id === id);
    if (!fieldset) {
      fieldset = { id, title: text(body.title) ?? id, description: '' };
      type.fieldsets.push(fieldset);
    }
    const title = text(body.title);
    const description = text(body.description);
    if (title !== undefined) fieldset.title = title;
    if (description !== undefined) fieldset.description = description;
  }
  const fields = body.fields as string[] | undefined; // a list of names: the route schema saw to that
  if (fields === undefined) return;
  for (const name of fields) {
    const field = type.schema.find((f) => f.name === name);
    if (field) field.fieldset = id;
  }
}

/** Removes an own fieldset; its fields go back to `default`. */
export function removeFieldset(type: DraftType, id: string): void {
  if (!isOwnFieldset(type, id)) return;
  type.fieldsets = type.fieldsets.filter((f) => f.id !== id);
  for (const field of type.schema) if (field.fieldset === id) field.fieldset = 'default';
}

// ------------------------------------------------------------------ whole schema

// properties (an object of objects) and fieldsets (a list of objects): the route schemas saw to that
const listOf = (v: unknown): Body[] => (v ?? []) as Body[];
const propertiesOf = (v: unknown): Record<string, Body> => (v ?? {}) as Record<string, Body>;

/** PATCH `@types/<type>`: properties of own fields updated (missing ones created), fieldsets updated or created. */
export function patchSchema(type: DraftType, body: Body): void {
  for (const [name, props] of Object.entries(propertiesOf(body.properties))) {
    if (isBehaviorField(type, name)) continue;
    updateField(type, name, asBody(props), true);
  }
  for (const fs of listOf(body.fieldsets)) {
    const id = text(fs.id) || idFromTitle(text(fs.title) ?? '');
    if (id) updateFieldset(type, id, fs);
  }
}

/** PUT `@types/<type>`: the body is the whole schema; own fields and fieldsets it omits are removed. */
export function replaceSchema(type: DraftType, body: Body, ownSchema: string): void {
  const properties = propertiesOf(body.properties);
  const own = Object.entries(properties).filter(([name, p]) => !isBehaviorField(type, name) && (p?.behavior === undefined || p.behavior === ownSchema));
  const keep = new Set(own.map(([name]) => name));
  type.schema = type.schema.filter((f) => keep.has(f.name));
  const required = body.required ? new Set(body.required as string[]) : undefined;
  for (const [name, props] of own) {
    const withRequired = required ? { ...asBody(props), required: required.has(name) } : asBody(props);
    updateField(type, name, withRequired, true);
  }
  const fieldsets = listOf(body.fieldsets);
  const listed = new Set(fieldsets.map((fs) => text(fs.id)));
  for (const fs of [...type.fieldsets]) if (!listed.has(fs.id)) removeFieldset(type, fs.id);
  for (const fs of fieldsets) {
    const id = text(fs.id);
    if (id) updateFieldset(type, id, fs);
  }
  if (body.layouts) type.views = [...(body.layouts as string[])];
}
