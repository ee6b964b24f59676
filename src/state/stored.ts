// Reading inside a recipe without making drafts. Immer makes a draft of every object read through
// a draft: a proxy, a copy of the object it was read from, and a finalizing step at the end of the
// commit, even when nothing is changed. A reader that only looks (a type, an alias, the levels of
// the UID index on the way to a node) takes the stored value instead.
//
// The stored value is read from the draft's own record, as Immer's getOwnPropertyDescriptor trap
// reads it (its copy once changed, else its base) and not through that trap: the trap makes two
// descriptor objects per read and the proxy call is dearer than the read (a POST reads the root
// draft's `nodes`, `types` and `aliases` this way about ten times). Immer marks a draft's record
// with Symbol.for('immer-state') and names its members copy_ and base_ in its published build;
// a draft whose record has not that shape is read through the trap as before
// (stored.test.ts checks both ways agree on drafted, changed and unchanged objects and lists).
const DRAFT_STATE = Symbol.for('immer-state');

/** The part of Immer's record of a draft (ProxyState) read here. */
interface DraftRecord {
  copy_?: object | null;
  base_?: object;
}

/**
 * `o[k]` as stored: inside a recipe a draft made earlier in it, or the value of the state before
 * it, never a new draft. For reading only: a change made to a stored value that is not a draft
 * would change a published state. Outside a recipe: `o[k]`.
 */
export function stored<T extends object, K extends keyof T>(o: T, k: K): T[K] {
  const record = (o as { [DRAFT_STATE]?: DraftRecord })[DRAFT_STATE];
  if (!record) return o[k];
  const owner = (record.copy_ || record.base_) as T | undefined;
  if (owner === undefined || typeof owner !== 'object') return Reflect.getOwnPropertyDescriptor(o, k)?.value as T[K];
  return Object.hasOwn(owner, k) ? owner[k] : (undefined as T[K]);
}

/** `rec[key]` when it is the record's own entry (lib/records.ts own()), read as stored (see stored()). */
export function storedOwn<T>(rec: Readonly<Record<string, T>> | null | undefined, key: string): T | undefined {
  return rec != null && Object.hasOwn(rec, key) ? stored(rec, key) : undefined;
}
