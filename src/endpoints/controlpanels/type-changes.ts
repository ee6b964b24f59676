// Reducers of the content-types panel over state.types: make a type from a title, change its
// title/description/allowed types/behaviors, remove it (existing objects stay).
import type { Draft } from 'immer';
import { badRequest, validationError } from '../../lib/errors.ts';
import type { SiteState } from '../../state/model.ts';
import type { TypeDef } from '../../types/model.ts';
import { SITE_ROOT_TYPE } from '../../types/defaults.ts';
import { behaviorChoices } from './behavior-catalogue.ts';
import { MAX_NAME_LENGTH } from '../../lib/limits.ts';
import { own } from '../../lib/records.ts';

/** `"My Custom Content Type"` -> `my_custom_content_type`. */
export function typeIdFrom(title: string): string {
  return title
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_')
    .replace(/[^a-z0-9_.]/g, '');
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** The type a POST body asks for; refuses a missing title or a taken id. */
export function newType(state: SiteState, body: unknown): TypeDef {
  // the members' types, the title's length and the id's form ("Short Name": letters, digits, _ and
  // ., of a bounded length) were checked by the panel's body schema (controlpanels.schema.ts)
  const b = (body ?? {}) as Record<string, unknown>;
  const title = str(b.title)?.trim();
  if (!title) throw badRequest("Property 'title' is required");
  const id = str(b.id)?.trim() || typeIdFrom(title);
  if (!id) throw badRequest(`Invalid id for the title '${title}'`);
  // an id made from a long title (the schema bounds a given id)
  if (id.length > MAX_NAME_LENGTH) throw validationError([{ field: 'id', message: `Value is too long (at most ${MAX_NAME_LENGTH} characters).` }]);
  if (Object.hasOwn(state.types, id)) throw badRequest(`A content type with the id '${id}' already exists.`);
  return {
    id,
    title,
    description: str(b.description) ?? '',
    behaviors: ['cms.dublincore', 'cms.namefromtitle'],
    schema: [],
    folderish: true,
    allowedTypes: [],
    globalAllow: true,
    defaultView: 'view',
    views: ['view'],
    workflow: 'simple_publication_workflow',
    addPermission: 'Add portal content',
    fieldsets: [],
  };
}

export type TypeChange = (type: Draft<TypeDef>) => void;

/**
 * The changes of a PATCH body, in the body's order. The panel's body schema (`typeChangeOf`,
 * controlpanels.schema.ts) checked every member first, refusing the whole body on any bad value
 * as the panel's form does; members that are neither fields nor behaviors are ignored.
 */
export function typeChanges(state: SiteState, body: Record<string, unknown>): TypeChange[] {
  const behaviorNames = new Set(behaviorChoices(state).map((b) => b.name));
  const changes: TypeChange[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (key === 'title' || key === 'description') {
      if (typeof value === 'string') changes.push((t) => void (t[key] = value));
    } else if (key === 'allowed_content_types') {
      if (Array.isArray(value)) changes.push((t) => void (t.allowedTypes = value.filter((v): v is string => typeof v === 'string')));
    } else if (key === 'filter_content_types') {
      const filter = value === true || value === 'some' || value === 'none';
      changes.push((t) => void (t.allowedTypes = filter ? (t.allowedTypes ?? []) : null));
    } else if (behaviorNames.has(key) && typeof value === 'boolean') {
      changes.push((t) => void (t.behaviors = value ? (t.behaviors.includes(key) ? t.behaviors : [...t.behaviors, key]) : t.behaviors.filter((b) => b !== key)));
    }
  }
  return changes;
}

/** Order matters: an allowed list set in the same body survives `filter_content_types: true`. */
export function applyTypeChanges(draft: Draft<SiteState>, id: string, changes: TypeChange[]): void {
  const type = own(draft.types, id)!;
  for (const change of changes) change(type);
}

export function removeType(draft: Draft<SiteState>, id: string): void {
  if (id === SITE_ROOT_TYPE) throw badRequest(`The type '${id}' cannot be removed.`);
  delete draft.types[id];
}
