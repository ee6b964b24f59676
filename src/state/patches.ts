// Applying Immer patches (journal replay, transaction undo). Immer's own applyPatches refuses paths
// through `__proto__` and `constructor` (valid user, group and content names here) and assigns
// `__proto__` through the inherited setter; this applies each patch with own-key reads into
// null-prototype records, and gives the keyed records of each new value their null prototype.
import { Immer, type Patch } from 'immer';
import type { SiteState } from './model.ts';
import { restoreNullPrototypes, shapeAt } from './keyed.ts';

const immer = new Immer({ autoFreeze: false });

class ReplayError extends Error {}

/** A private copy of a patch value (patches may share objects) with keyed records restored. */
function valueFor(patch: Patch): unknown {
  const value = patch.value === undefined ? undefined : structuredClone(patch.value);
  return restoreNullPrototypes(value, shapeAt(patch.path));
}

/** Apply one patch to a draft (or unfrozen) state. */
export function applyPatch(draft: object, patch: Patch): void {
  const { path, op } = patch;
  if (!path.length) throw new ReplayError('a whole-state patch cannot be applied to a draft');
  let base: unknown = draft;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i];
    if (base === null || typeof base !== 'object' || !Object.hasOwn(base, key)) {
      throw new ReplayError(`patch path /${path.join('/')} does not exist`);
    }
    base = (base as Record<string | number, unknown>)[key];
  }
  if (base === null || typeof base !== 'object') throw new ReplayError(`patch path /${path.join('/')} does not exist`);
  const key = path[path.length - 1];
  const target = base as Record<string | number, unknown>;
  if (Array.isArray(target)) {
    const at = key === '-' ? target.length : Number(key);
    if (op === 'add') target.splice(at, 0, valueFor(patch));
    else if (op === 'remove') target.splice(at, 1);
    else if (key === 'length') target.length = patch.value as number;
    else target[at] = valueFor(patch);
    return;
  }
  if (op === 'remove') delete target[key];
  else target[key] = valueFor(patch);
}

/** The state after `patches` (Immer patches of one commit); the input state is not changed. */
export function replayPatches(state: SiteState, patches: readonly Patch[]): SiteState {
  let current = state;
  let pending: Patch[] = [];
  const flush = () => {
    if (!pending.length) return;
    const batch = pending;
    pending = [];
    current = immer.produce(current, (draft) => {
      for (const patch of batch) applyPatch(draft, patch);
    });
  };
  for (const patch of patches) {
    if (patch.path.length) {
      pending.push(patch);
      continue;
    }
    flush(); // a whole-state replacement
    current = valueFor(patch) as SiteState;
  }
  flush();
  return current;
}
