// The patches of a children record that a recipe wrote. children.ts stores a folder's record whole
// (no Immer draft of it), so Immer's patch replaces the whole record, and its value holds every
// child. `refineChildPatches` (Store, after each recipe) puts in its place the patches of what
// changed: the record before and after share every list the write did not change, so comparing
// them by identity visits only the lists on the way to a change (a chunk, a trie leaf, a group's
// lists, the counts). A list where few slots differ gets one patch per slot; one where many do
// (a chunk split or an insert in the middle of one) is replaced whole, as Immer does for a new list.
import type { Patch } from 'immer';

type Path = (string | number)[];

/** More differing slots than this: the list is replaced whole. */
const FEW = 8;

const isObject = (x: unknown): x is object => typeof x === 'object' && x !== null;

function replace(path: Path, before: unknown, after: unknown, patches: Patch[], inverse: Patch[]): void {
  patches.push({ op: 'replace', path, value: after });
  inverse.push({ op: 'replace', path, value: before });
}

/** One slot or member that differs: compared further when both are lists or both records, else replaced. */
function change(path: Path, before: unknown, after: unknown, patches: Patch[], inverse: Patch[]): void {
  if (isObject(before) && isObject(after) && Array.isArray(before) === Array.isArray(after)) diff(path, before, after, patches, inverse);
  else replace(path, before, after, patches, inverse);
}

function diffLists(path: Path, before: unknown[], after: unknown[], patches: Patch[], inverse: Patch[]): void {
  const common = Math.min(before.length, after.length);
  let differ = Math.abs(before.length - after.length);
  for (let i = 0; i < common && differ <= FEW; i++) if (before[i] !== after[i]) differ++;
  if (differ > FEW) return replace(path, before, after, patches, inverse);
  for (let i = 0; i < common; i++) if (before[i] !== after[i]) change([...path, i], before[i], after[i], patches, inverse);
  // as Immer: slots added at the end in order (undone from the last), removed from the last
  for (let i = common; i < after.length; i++) patches.push({ op: 'add', path: [...path, i], value: after[i] });
  for (let i = after.length - 1; i >= common; i--) inverse.push({ op: 'remove', path: [...path, i] });
  for (let i = before.length - 1; i >= common; i--) patches.push({ op: 'remove', path: [...path, i] });
  for (let i = common; i < before.length; i++) inverse.push({ op: 'add', path: [...path, i], value: before[i] });
}

function diffRecords(path: Path, before: Record<string, unknown>, after: Record<string, unknown>, patches: Patch[], inverse: Patch[]): void {
  for (const key of Object.keys(after)) {
    if (!Object.hasOwn(before, key)) {
      patches.push({ op: 'add', path: [...path, key], value: after[key] });
      inverse.push({ op: 'remove', path: [...path, key] });
    } else if (before[key] !== after[key]) change([...path, key], before[key], after[key], patches, inverse);
  }
  for (const key of Object.keys(before)) {
    if (Object.hasOwn(after, key)) continue;
    patches.push({ op: 'remove', path: [...path, key] });
    inverse.push({ op: 'add', path: [...path, key], value: before[key] });
  }
}

/** Patches (and their inverse, applied in the order given) from `before` to `after` at `path`. */
function diff(path: Path, before: object, after: object, patches: Patch[], inverse: Patch[]): void {
  if (before === after) return;
  if (Array.isArray(before)) diffLists(path, before, after as unknown[], patches, inverse);
  else diffRecords(path, before as Record<string, unknown>, after as Record<string, unknown>, patches, inverse);
}

/** A children record (children.ts): plain lists, records, numbers and strings only. */
const isRecord = (x: unknown): x is object => isObject(x) && typeof (x as { n?: unknown }).n === 'number' && Array.isArray((x as { groups?: unknown }).groups);

const isRecordPatch = (p: Patch) => p.op === 'replace' && p.path[p.path.length - 1] === 'children' && isRecord(p.value);

const samePath = (a: Path, b: Path) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Replace, in a recipe's patches and inverse patches, each patch that replaces a node's whole
 * children record by the patches of what changed in it (in place; the order of the others kept).
 */
export function refineChildPatches(patches: Patch[], inverse: Patch[]): void {
  for (let i = 0; i < patches.length; i++) {
    const p = patches[i];
    if (!isRecordPatch(p)) continue;
    const j = inverse.findIndex((q) => q.op === 'replace' && samePath(q.path, p.path));
    if (j < 0 || !isRecord(inverse[j].value)) continue;
    const fine: Patch[] = [];
    const undo: Patch[] = [];
    diff(p.path, inverse[j].value as object, p.value as object, fine, undo);
    patches.splice(i, 1, ...fine);
    inverse.splice(j, 1, ...undo);
    i += fine.length - 1;
  }
}
