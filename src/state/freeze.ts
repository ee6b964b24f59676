// Freezing the site state: a guard against code that changes the state outside Immer recipes.
// On by default under the tests (vitest), where such a change then throws; off by default when
// serving, because V8 (Node 20) copies a frozen object or array far more slowly than a plain one
// (Array.prototype.slice of a frozen array of 256 pointers: ~25 us against ~0.2 us; the spread of
// a frozen 28-key object: ~9 us against ~0.1 us) and Immer copies every object on the path to a
// change, on every write (bench: `npm run bench`, part folders). CMS_FREEZE=1 (or 0) decides.
import { freeze, isDraft } from 'immer';

const setting = process.env.CMS_FREEZE;
/** Whether states are frozen (CMS_FREEZE, default: only under vitest). */
export const FREEZING = setting !== undefined && setting !== '' ? setting !== '0' : process.env.VITEST !== undefined;

/** The state, deeply frozen when freezing is on (a state built or read outside a commit). */
export const freezeState = <T>(state: T): T => (FREEZING ? freeze(state, true) : state);

/**
 * Freeze what a commit created, when freezing is on: the objects of `next` that differ from their
 * counterpart in `prev` (a deep walk would visit every bucket of the UID index on every write).
 */
export function freezeNew(next: unknown, prev: unknown): void {
  if (FREEZING) freezeChanged(next, prev);
}

/** Objects frozen by freezeTop while FREEZING: freezeNew still freezes what they hold. */
const tops = new WeakSet<object>();

/**
 * Freeze `x` itself, not what it holds: a value a recipe stores whole (a folder's children record,
 * children.ts), so that Immer does not walk it when it finalizes the recipe (Immer walks every new
 * value that is not frozen, looking for drafts in it). Under FREEZING, freezeNew freezes the rest.
 */
export function freezeTop<T extends object>(x: T): T {
  Object.freeze(x);
  if (FREEZING) tops.add(x);
  return x;
}

function freezeChanged(next: unknown, prev: unknown): void {
  if (next === prev || next === null || typeof next !== 'object') return;
  if (Object.isFrozen(next) && !tops.delete(next)) return;
  Object.freeze(next);
  const old = prev !== null && typeof prev === 'object' ? (prev as Record<string, unknown>) : undefined;
  if (Array.isArray(next)) {
    // by index: Object.keys would make a string per slot (the UID index has arrays of 256)
    const was = Array.isArray(old) ? old : undefined;
    for (let i = 0; i < next.length; i++) freezeChanged(next[i], was?.[i]);
    return;
  }
  for (const key of Object.keys(next)) freezeChanged((next as Record<string, unknown>)[key], old && Object.hasOwn(old, key) ? old[key] : undefined);
}

/**
 * The value of a draft as it is now, sharing every part that is not itself a draft (Immer's
 * current() copies every unfrozen object under a draft, and the state is not frozen when
 * serving: a version saved from a draft would copy all its nested values). Not a draft: itself.
 */
export function present<T>(x: T): T {
  if (!isDraft(x)) return x;
  const out: Record<PropertyKey, unknown> = Array.isArray(x) ? new Array(x.length) : Object.create(Object.getPrototypeOf(x));
  for (const key of Reflect.ownKeys(x as object)) {
    // the descriptor gives the stored value (a nested draft, or the plain value) without drafting it
    const stored = Reflect.getOwnPropertyDescriptor(x as object, key)!.value;
    if (Array.isArray(x) && key === 'length') continue;
    out[key] = present(stored);
  }
  return out as T;
}
