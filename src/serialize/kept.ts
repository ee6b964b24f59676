// Values kept and shared by many answers: component expansions (per state and caller), an
// object's links-only @components, rich text as shown (per stored text and filter settings).
// They are deep-frozen: never changed once kept, so http/answer-text.ts may make the JSON text
// of each once.

/** The kept values (deep-frozen). */
const kept = new WeakSet<object>();

function deepFreeze(value: unknown): void {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
}

/** `value`, deep-frozen and known as kept from now on. */
export function keep<T>(value: T): T {
  deepFreeze(value);
  if (value && typeof value === 'object') kept.add(value);
  return value;
}

/** Whether `value` is a kept value. */
export const isKept = (value: unknown): value is object => value !== null && typeof value === 'object' && kept.has(value);
