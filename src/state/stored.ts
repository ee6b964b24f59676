// Reading inside a recipe without making drafts. Immer makes a draft of every object read through
// a draft: a proxy, a copy of the object it was read from, and a finalizing step at the end of the
// commit, even when nothing is changed. A reader that only looks (a type, an alias, the levels of
// the UID index on the way to a node) takes the stored value instead.
import { isDraft } from 'immer';

/**
 * `o[k]` as stored: inside a recipe a draft made earlier in it, or the value of the state before
 * it, never a new draft. For reading only: a change made to a stored value that is not a draft
 * would change a published state. Outside a recipe: `o[k]`.
 */
export function stored<T extends object, K extends keyof T>(o: T, k: K): T[K] {
  return isDraft(o) ? (Reflect.getOwnPropertyDescriptor(o, k)?.value as T[K]) : o[k];
}

/** `rec[key]` when it is the record's own entry (lib/records.ts own()), read as stored (see stored()). */
export function storedOwn<T>(rec: Readonly<Record<string, T>> | null | undefined, key: string): T | undefined {
  return rec != null && Object.hasOwn(rec, key) ? stored(rec, key) : undefined;
}
