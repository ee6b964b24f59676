// Records keyed by strings a caller chose (user, group and type ids, principals, registry names,
// UIDs, paths, tokens). The rule, everywhere: such a record has a null prototype, so that any
// string — `__proto__`, `constructor`, `valueOf` — is an ordinary key (also for Immer, whose
// drafts refuse a `__proto__` assignment on an object that inherits it), and every read is
// `Object.hasOwn`-guarded, so that a record that lost its null prototype (a value a caller sent)
// still never answers with an inherited member. src/state/keyed.ts lists the records of the site
// state and restores their prototype after a snapshot or journal is read.

/** A new, empty record with a null prototype. */
export const emptyRecord = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

/** A null-prototype record of `entries` (a plain object's own entries, or pairs). */
export function recordOf<T>(entries: Iterable<readonly [string, T]> | Record<string, T>): Record<string, T> {
  const out = emptyRecord<T>();
  const pairs = Symbol.iterator in entries ? (entries as Iterable<readonly [string, T]>) : Object.entries(entries as Record<string, T>);
  for (const [key, value] of pairs) out[key] = value;
  return out;
}

/** `rec[key]` when it is the record's own entry; undefined otherwise (never an inherited member). */
export function own<T>(rec: Readonly<Record<string, T>> | null | undefined, key: string): T | undefined {
  return rec != null && Object.hasOwn(rec, key) ? rec[key] : undefined;
}

/** Whether `key` is an own entry of `rec`. */
export const hasEntry = (rec: object | null | undefined, key: string): boolean => rec != null && Object.hasOwn(rec, key);
