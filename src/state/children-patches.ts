// The patches of a children record that a recipe wrote. children.ts stores a folder's record whole
// (no Immer draft of it), so Immer's patch replaces the whole record, and its value holds every
// child. `refineChildPatches` (Store, after each recipe) puts in its place the patches of what
// changed: the records before and after share every list the write did not change, so comparing
// them by identity visits only the lists on the way to a change (a chunk, a trie leaf, a group's
// lists, the counts). A list where few slots differ gets one patch per slot; one where many do
// (a chunk split, an insert in the middle of a chunk) is replaced whole, as Immer does for a new list.
import type { Patch } from 'immer';
import type { Children, Group } from './children.ts';
import { isTrieBranch as isBranch, trieHash, trieSlot, type Trie } from './children-trie.ts';

type Path = (string | number)[];
/**
 * Patches from one value to another at `at`, and their inverse (applied in the order given). `at`
 * is one list pushed and popped on the way down; a patch takes a copy of it.
 */
type Differ<T> = (at: Path, before: T, after: T, patches: Patch[], inverse: Patch[]) => void;

/** `differ` at `at` + `key`. */
function below<T>(differ: Differ<T>, at: Path, key: string | number, before: T, after: T, patches: Patch[], inverse: Patch[]): void {
  if (before === after) return;
  at.push(key);
  differ(at, before, after, patches, inverse);
  at.pop();
}

/** More differing slots than this: the list is replaced whole. */
const FEW = 8;

/**
 * A patch and its inverse share their path list, as Immer's own do (nobody changes a patch's path:
 * the journal and @transactions keep them, 100 writes' worth, so each list is memory held).
 */
export function replace(at: Path, before: unknown, after: unknown, patches: Patch[], inverse: Patch[]): void {
  const path = at.slice();
  patches.push({ op: 'replace', path, value: after });
  inverse.push({ op: 'replace', path, value: before });
}

const replaced: Differ<unknown> = replace;

/**
 * The slots from `common` on, where one list is longer than the other, as Immer orders them:
 * slots added at the end in order (undone from the last), removed from the last. A patch and its
 * inverse share the path.
 */
export function tailPatches(at: Path, before: unknown[], after: unknown[], common: number, patches: Patch[], inverse: Patch[]): void {
  const longer = Math.max(before.length, after.length);
  if (longer === common) return;
  const paths: Path[] = new Array(longer - common);
  for (let i = common; i < longer; i++) {
    const path = at.slice();
    path.push(i);
    paths[i - common] = path;
  }
  for (let i = common; i < after.length; i++) patches.push({ op: 'add', path: paths[i - common], value: after[i] });
  for (let i = after.length - 1; i >= common; i--) inverse.push({ op: 'remove', path: paths[i - common] });
  for (let i = before.length - 1; i >= common; i--) patches.push({ op: 'remove', path: paths[i - common] });
  for (let i = common; i < before.length; i++) inverse.push({ op: 'add', path: paths[i - common], value: before[i] });
}

/**
 * A list whose slots are `each` (compared further) or plain values (replaced). The slots that
 * differ are counted in one pass that notes the first; only from there is the list gone through
 * again (no list of them made: a create compares about a dozen lists, most with one slot changed
 * or none but those added at the end).
 */
function list<T>(each: Differ<T>): Differ<T[]> {
  return (at, before, after, patches, inverse) => {
    if (before === after) return;
    const common = Math.min(before.length, after.length);
    let changed = Math.max(before.length, after.length) - common;
    let first = -1;
    for (let i = 0; i < common && changed <= FEW; i++) {
      if (before[i] === after[i]) continue;
      if (first < 0) first = i;
      changed++;
    }
    if (changed > FEW) return replace(at, before, after, patches, inverse);
    if (first >= 0) for (let i = first; i < common; i++) if (before[i] !== after[i]) below(each, at, i, before[i], after[i], patches, inverse);
    tailPatches(at, before, after, common, patches, inverse);
  };
}

const values = list(replaced);
const chunks = list(values as Differ<unknown>);

const group: Differ<Group> = (at, before, after, patches, inverse) => {
  below(chunks, at, 'order', before.order, after.order, patches, inverse);
  below(values, at, 'keys', before.keys, after.keys, patches, inverse);
  below(values, at, 'sizes', before.sizes, after.sizes, patches, inverse);
};
const groups = list(group);

/** A trie slot: a leaf (a list of values), a branch, or null; a leaf that became a branch is replaced. */
const trie: Differ<Trie | null> = (at, before, after, patches, inverse) => {
  if (before && after && isBranch(before) && isBranch(after)) below(ways, at, 'b', before.b, after.b, patches, inverse);
  else if (before && after && !isBranch(before) && !isBranch(after)) values(at, before, after, patches, inverse);
  else replace(at, before, after, patches, inverse);
};
const ways = list(trie);

/** The patches from one children record to another at `at` (a node's `children`), and their inverse. */
export const childRecordPatches: Differ<Children> = (at, before, after, patches, inverse) => {
  below(replaced, at, 'n', before.n, after.n, patches, inverse);
  below(replaced, at, 'next', before.next, after.next, patches, inverse);
  below(groups, at, 'groups', before.groups, after.groups, patches, inverse);
  below(values, at, 'counts', before.counts, after.counts, patches, inverse);
  below(values, at, 'gkeys', before.gkeys, after.gkeys, patches, inverse);
  below(trie, at, 'ids', before.ids, after.ids, patches, inverse);
  // the trie's seed: the same unless the record was made anew (setChildOrder); absent before seeds
  if (before.k === after.k) return;
  const seed = [...at, 'k'];
  if (before.k === undefined) {
    patches.push({ op: 'add', path: seed, value: after.k });
    inverse.push({ op: 'remove', path: seed });
  } else if (after.k === undefined) {
    patches.push({ op: 'remove', path: seed });
    inverse.push({ op: 'add', path: seed, value: before.k });
  } else replace(seed, before.k, after.k, patches, inverse);
};

/**
 * The patches from `before` to `after`, a record that one append made of it (children.ts, an
 * insertChild at the end of `id` and nothing else since): the same as childRecordPatches gives,
 * spelled from what an append changes without comparing the lists (a create compares some
 * hundreds of slots that way): the count, the next key, the end of the last chunk or a chunk or
 * group added, their sizes and counts, and the trie on the way to the leaf of `id`.
 */
export function appendPatches(at: Path, before: Children, after: Children, id: string, patches: Patch[], inverse: Patch[]): void {
  below(replaced, at, 'n', before.n, after.n, patches, inverse);
  below(replaced, at, 'next', before.next, after.next, patches, inverse);
  const g = before.groups.length;
  if (after.groups.length > g) {
    // a new group: one added at the end of the groups, their counts and keys
    tailAt(at, 'groups', before.groups, after.groups, patches, inverse);
    tailAt(at, 'counts', before.counts, after.counts, patches, inverse);
    tailAt(at, 'gkeys', before.gkeys, after.gkeys, patches, inverse);
  } else {
    const last = g - 1;
    const was = before.groups[last];
    const is = after.groups[last];
    const c = was.order.length;
    at.push('groups', last);
    if (is.order.length > c) {
      // a new chunk in the last group: one added at the end of its chunks, their keys and sizes
      tailAt(at, 'order', was.order, is.order, patches, inverse);
      tailAt(at, 'keys', was.keys, is.keys, patches, inverse);
      tailAt(at, 'sizes', was.sizes, is.sizes, patches, inverse);
    } else {
      // a pair at the end of the last chunk, and its size
      at.push('order');
      tailAt(at, c - 1, was.order[c - 1], is.order[c - 1], patches, inverse);
      at.pop();
      at.push('sizes');
      below(replaced, at, c - 1, was.sizes[c - 1], is.sizes[c - 1], patches, inverse);
      at.pop();
    }
    at.length -= 2;
    at.push('counts');
    below(replaced, at, last, before.counts[last], after.counts[last], patches, inverse);
    at.pop();
  }
  at.push('ids');
  triePath(at, before.ids, after.ids, trieHash(after, id), 0, patches, inverse);
  at.pop();
}

/** The slots added at the end of the list `key` (`before` its first slots). */
function tailAt(at: Path, key: string | number, before: unknown[], after: unknown[], patches: Patch[], inverse: Patch[]): void {
  at.push(key);
  tailPatches(at, before, after, before.length, patches, inverse);
  at.pop();
}

/**
 * The trie from `before` to `after` at `depth`, changed only on the way of hash `h`: down the
 * branches to the leaf, entries added at its end, or a slot replaced (a new leaf, a leaf split).
 */
function triePath(at: Path, before: Trie | null, after: Trie | null, h: number, depth: number, patches: Patch[], inverse: Patch[]): void {
  if (before === after) return;
  if (before && after && isBranch(before) && isBranch(after)) {
    const way = trieSlot(h, depth);
    at.push('b', way);
    triePath(at, before.b[way], after.b[way], h, depth + 1, patches, inverse);
    at.length -= 2;
  } else if (before && after && !isBranch(before) && !isBranch(after)) tailPatches(at, before, after, before.length, patches, inverse);
  else replace(at, before, after, patches, inverse);
}

const KEYS = ['n', 'groups', 'counts', 'gkeys', 'next', 'ids'];

/** A children record as children.ts makes it: those six members and its seed (`k`, absent in records from before seeds), no others. */
export function isChildRecord(x: unknown): x is Children {
  if (typeof x !== 'object' || x === null) return false;
  const keys = Object.keys(x);
  const seeded = Object.hasOwn(x, 'k') ? 1 : 0;
  return keys.length === KEYS.length + seeded && KEYS.every((k) => Object.hasOwn(x, k)) && Array.isArray((x as Children).groups);
}

const isRecordPatch = (p: Patch) => p.op === 'replace' && p.path[p.path.length - 1] === 'children' && isChildRecord(p.value);

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
    if (j < 0 || !isChildRecord(inverse[j].value)) continue;
    const fine: Patch[] = [];
    const undo: Patch[] = [];
    childRecordPatches(p.path.slice(), inverse[j].value as Children, p.value as Children, fine, undo);
    patches.splice(i, 1, ...fine);
    inverse.splice(j, 1, ...undo);
    i += fine.length - 1;
  }
}
