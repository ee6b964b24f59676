// Reads over type definitions: the ordered fields of a type, one field by name.
import { BEHAVIORS } from './behaviors.ts';
import type { FieldDef, TypeDef } from './model.ts';

const cache = new WeakMap<TypeDef, FieldDef[]>();

/** Every field of a type: its behaviors' fields, with its own schema fields placed after title/description. */
export function fieldsOf(type: TypeDef): FieldDef[] {
  const hit = cache.get(type);
  if (hit) return hit;
  const seen = new Set<string>();
  const own = type.schema;
  const ownNames = new Set(own.map((x) => x.name));
  const fromBehaviors: FieldDef[] = [];
  for (const name of type.behaviors) {
    const behavior = BEHAVIORS[name];
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
  cache.set(type, result);
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
