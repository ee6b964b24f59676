// Reads over type definitions: the ordered fields of a type, one field by name.
import { BEHAVIORS } from './behaviors.ts';
import { own as entry } from '../lib/records.ts';
import { isDraft, isModified, original } from 'immer';
import type { FieldDef, TypeDef } from './model.ts';

const cache = new WeakMap<TypeDef, FieldDef[]>();

/**
 * The object the fields of `type` are cached under: itself, or for a draft (a type read inside a
 * recipe is a new proxy on every commit) the type it drafts while the recipe has not changed it.
 */
function cacheKey(type: TypeDef): TypeDef | undefined {
  if (!isDraft(type)) return type;
  return isModified(type) ? undefined : original(type);
}

/** Every field of a type: its behaviors' fields, with its own schema fields placed after title/description. */
export function fieldsOf(type: TypeDef): FieldDef[] {
  const key = cacheKey(type);
  const hit = key && cache.get(key);
  if (hit) return hit;
  const seen = new Set<string>();
  const own = type.schema;
  const ownNames = new Set(own.map((x) => x.name));
  const fromBehaviors: FieldDef[] = [];
  for (const name of type.behaviors) {
    const behavior = entry(BEHAVIORS, name);
    if (!behavior) continue;
    for (const field of behavior.fields) {
      if (seen.has(field.name) || ownNames.has(field.name)) continue;
      seen.add(field.name);
      fromBehaviors.push({ ...field, extra: { behavior: name, ...field.extra } });
    }
  }
  const lead = fromBehaviors.filter((x) => x.name === 'title' || x.name === 'description');
  const rest = fromBehaviors.filter((x) => x.name !== 'title' && x.name !== 'description');
  const result = [...lead, ...own, ...rest];
  if (key) cache.set(key, result);
  return result;
}

export function fieldOf(type: TypeDef, name: string): FieldDef | undefined {
  return fieldsOf(type).find((x) => x.name === name);
}

export function hasBehavior(type: TypeDef, name: string): boolean {
  return type.behaviors.includes(name);
}

export const isLockable = (type: TypeDef) => hasBehavior(type, 'cms.locking');
export const isVersioned = (type: TypeDef) => hasBehavior(type, 'cms.versioning');
