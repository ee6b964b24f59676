// Putting nodes into the UID index (state/nodes.ts) without Immer drafts, as children.ts writes a
// folder's children: a recipe that has not drafted the index copies the path to each bucket it
// changes (four levels of 16 slots and the bucket) once, changes its own copies in place, and
// stores the index in the state frozen at its top, so that Immer neither drafts nor walks it. Immer
// then reports one patch replacing the whole index; the store turns it into the patches of what
// changed (refineNodePatches), those Immer makes for the same writes through drafts: a slot of a
// level or a bucket, a node added to a bucket, a property of a node (a children record as
// children-patches.ts spells it). Drafting levels, buckets and nodes (a proxy and a copy each,
// finalized at the end of the recipe) was most of the index's share of a POST.
//
// A recipe that already drafted the index writes through the drafts (putNode). After a write here
// the index in the recipe is plain data: nodes read from it are the published ones (or this
// recipe's own copies), so the recipe changes nodes only through this module from then on.
import { isDraft, type Patch } from 'immer';
import type { ContentNode, NodeBucket, NodeLevel, NodeShards } from './model.ts';
import { BITS, DEPTH, FANOUT, emptyLevel, fnv, indexIn, mustGetNode, peekNode, putNode } from './nodes.ts';
import { stored } from './stored.ts';
import { FREEZING, freezeTop } from './freeze.ts';
import { MadeSet, appendIn, mutableIn, owned, type Made } from './children-copies.ts';
import { insertChild } from './children.ts';
import { appendPatches, childRecordPatches, isChildRecord, replace, tailPatches } from './children-patches.ts';
import type { Children } from './children.ts';

/** The state a writer changes: its index and its count of nodes. */
interface Indexed {
  nodes: NodeShards;
  nodeCount: number;
}

/**
 * The last append addNode made in a recipe: the children record it made, the one it was made on,
 * the id appended. A node whose record before the commit is `base` and after it `record` changed
 * by that append alone: its patches are spelled from it, not found by comparing the records
 * (appendPatches). (The last only: a create makes one; a recipe of many compares the others.)
 */
interface Append {
  record: Children | undefined;
  base: Children | undefined;
  id: string;
}

/** What a recipe wrote here so far: its draft state, the lists and nodes it copied, the numbers of the buckets it wrote, its last append. */
interface Writes extends Made, Append {
  draft: object;
  buckets: number[];
}

/**
 * Index tops stored by this module, with the recipe's writes: the next write of the same recipe
 * goes on from them, and the store's refinement walks the paths to those buckets only (and then
 * forgets them); weakly held. (One entry per recipe: a WeakMap entry per copied node or per
 * recipe would make every young-generation collection trace more ephemerons.)
 */
const written = new WeakMap<object, Writes>();

/** The writes of the recipe of `draft` so far, going on from its index top `index` (none yet: a new record). */
function writesOf(draft: object, index: NodeShards): Writes {
  const w = written.get(index);
  return w && w.draft === draft ? w : { draft, made: new MadeSet(), buckets: [], record: undefined, base: undefined, id: '' };
}

/** Whether a recipe writes the index of `draft` here: it has not drafted it. */
export const writesPlain = (draft: Indexed): boolean => !isDraft(stored(draft, 'nodes'));

/**
 * Put `nodes` (new ones, or this recipe's copies of existing ones) into the index of the recipe's
 * state `draft`, each in place of the node with its UID or added to its bucket.
 */
export function writeNodes(draft: Indexed, nodes: readonly ContentNode[]): void {
  const index = stored(draft, 'nodes');
  if (isDraft(index)) {
    for (const node of nodes) putNode(draft, node);
    return;
  }
  writeWith(draft, index, writesOf(draft, index), nodes);
}

/**
 * Under FREEZING (the tests): the nodes stored hold no draft. The index is stored frozen at its top
 * and Immer does not finalize what a frozen value holds: a draft put into a node (a list read from
 * the draft state, say) would be published as a revoked proxy.
 */
function checkNoDrafts(nodes: readonly ContentNode[]): void {
  if (!FREEZING) return;
  for (const node of nodes) {
    const stack: unknown[] = [node];
    while (stack.length) {
      const value = stack.pop();
      if (value === null || typeof value !== 'object') continue;
      if (isDraft(value)) throw new Error(`a draft stored in node ${node.uid}: write plain values`);
      if (value !== node && Object.isFrozen(value)) continue; // published: holds no draft
      for (const key in value) stack.push((value as Record<string, unknown>)[key]);
    }
  }
}

/** writeNodes on the plain index `index` of the recipe's state, going on from the recipe's writes `w`. */
function writeWith(draft: Indexed, index: NodeShards, w: Writes, nodes: readonly ContentNode[]): void {
  checkNoDrafts(nodes);
  // the top stored is frozen: a new one per write (16 slots, copied by hand: V8 copies a frozen
  // array with slice() some twenty times more slowly); the levels below are copied once per recipe
  const top: NodeLevel = new Array(index.length);
  for (let s = 0; s < index.length; s++) top[s] = index[s];
  const buckets = w.buckets;
  let added = 0;
  for (const node of nodes) {
    const h = fnv(node.uid);
    const n = h & 0xffff;
    buckets.push(n);
    let level: NodeLevel = top;
    for (let depth = DEPTH - 1; depth > 0; depth--) {
      const slot = (n >>> (depth * BITS)) & (FANOUT - 1);
      level = (level[slot] ? mutableIn(w, level, slot) : (level[slot] = owned(w, emptyLevel<NodeLevel>() as NodeLevel))) as NodeLevel;
    }
    const slot = n & (FANOUT - 1);
    const bucket = level[slot] as NodeBucket | null;
    const i = indexIn(bucket, node.uid, h);
    if (i >= 0) (mutableIn(w, level, slot) as NodeBucket)[i] = node;
    else {
      // a new node: the bucket copied at its size with it (appendIn), or a new bucket
      if (bucket) appendIn(w, level, slot, h, node);
      else level[slot] = owned(w, [h, node] as NodeBucket);
      added++;
    }
  }
  written.delete(index);
  written.set(top, w);
  draft.nodes = freezeTop(top);
  if (added) draft.nodeCount += added;
}

/**
 * A node of the recipe's state to change in place and then put back with writeNodes: a copy of
 * the stored node (once per recipe), or the node itself when this recipe made it here.
 */
function editable(draft: Indexed, w: Writes, uid: string, known?: ContentNode): ContentNode {
  const node = known ?? peekNode(draft, uid);
  if (!node) throw new Error(`dangling UID ${uid}`);
  return w.made.has(node) ? node : owned(w, { ...node });
}

/**
 * Draft mutator: put the new `node` into the index and last among the children of its parent
 * (`node.parent`), under its id (free there). `parent`: that parent as the recipe's state holds
 * it now (peekNode), when the caller has it (the lookup is not made again).
 */
export function addNode(draft: Indexed, node: ContentNode, parent?: ContentNode): void {
  const parentUid = node.parent;
  if (parentUid === null) throw new Error('a new node needs a parent');
  if (!writesPlain(draft)) {
    insertChild(mustGetNode(draft, parentUid), node.id, node.uid);
    putNode(draft, node);
    return;
  }
  const index = stored(draft, 'nodes');
  const w = writesOf(draft, index);
  const copy = editable(draft, w, parentUid, parent?.uid === parentUid ? parent : undefined);
  const base = copy.children;
  insertChild(copy, node.id, node.uid, undefined, w.made);
  w.record = copy.children;
  w.base = base;
  w.id = node.id;
  writeWith(draft, index, w, [copy, node]);
}

// ------------------------------------------------------------------ patches

type Path = (string | number)[];

const isNode = (x: unknown): x is ContentNode => typeof x === 'object' && x !== null && typeof (x as ContentNode).uid === 'string';

/** A node changed: a patch per property that differs (a children record: what changed in it; `append`: the recipe's last). */
function nodePatches(at: Path, before: ContentNode, after: ContentNode, patches: Patch[], inverse: Patch[], append: Append): void {
  const b = before as unknown as Record<string, unknown>;
  const a = after as unknown as Record<string, unknown>;
  for (const key of Object.keys(a)) {
    const was = b[key];
    const is = a[key];
    at.push(key);
    if (!Object.hasOwn(b, key)) {
      patches.push({ op: 'add', path: at.slice(), value: is });
      inverse.push({ op: 'remove', path: at.slice() });
    } else if (was !== is) {
      if (key === 'children' && is === append.record && was === append.base && append.base) appendPatches(at, append.base, is as Children, append.id, patches, inverse);
      else if (key === 'children' && isChildRecord(was) && isChildRecord(is)) childRecordPatches(at, was, is, patches, inverse);
      else replace(at, was, is, patches, inverse);
    }
    at.pop();
  }
  for (const key of Object.keys(b)) {
    if (Object.hasOwn(a, key)) continue;
    at.push(key);
    patches.push({ op: 'remove', path: at.slice() });
    inverse.push({ op: 'add', path: at.slice(), value: b[key] });
    at.pop();
  }
}

/** A bucket changed: its slots one by one (a node with the same UID: its properties), then the slots added or removed at the end, as Immer orders them. */
function bucketPatches(at: Path, before: NodeBucket, after: NodeBucket, patches: Patch[], inverse: Patch[], append: Append): void {
  const common = Math.min(before.length, after.length);
  for (let i = 0; i < common; i++) {
    const was = before[i];
    const is = after[i];
    if (was === is) continue;
    at.push(i);
    if (isNode(was) && isNode(is) && was.uid === is.uid) nodePatches(at, was, is, patches, inverse, append);
    else replace(at, was, is, patches, inverse);
    at.pop();
  }
  tailPatches(at, before, after, common, patches, inverse);
}

/**
 * The patches from index `before` to index `after`, which differ only in the buckets numbered
 * `buckets` (with repeats) of the recipe's writes: for each, the first slot on its path that was
 * empty (replaced whole, once), or the bucket's own patches.
 */
function indexPatches(before: NodeShards, after: NodeShards, w: Writes, patches: Patch[], inverse: Patch[]): void {
  const buckets = w.buckets;
  /** paths done: a level's slot as depth * 2^16 + the bucket number's digits down to it */
  const done = new Set<number>();
  for (const n of buckets) {
    let b: NodeLevel | NodeBucket | null = before;
    let a: NodeLevel | NodeBucket | null = after;
    const at: Path = ['nodes'];
    for (let depth = DEPTH - 1; depth >= 0; depth--) {
      const slot = (n >>> (depth * BITS)) & (FANOUT - 1);
      const key = depth * 0x10000 + (n >>> (depth * BITS));
      const was: NodeLevel | NodeBucket | null = b ? ((b as NodeLevel)[slot] ?? null) : null;
      const is: NodeLevel | NodeBucket | null = (a as NodeLevel)[slot] ?? null;
      if (was === is || done.has(key)) break;
      at.push(slot);
      if (!was || !is || depth === 0) {
        done.add(key);
        if (was && is) bucketPatches(at, was as NodeBucket, is as NodeBucket, patches, inverse, w);
        else replace(at, was, is, patches, inverse);
        break;
      }
      b = was;
      a = is;
    }
  }
}

/**
 * Replace, in a recipe's patches and inverse patches, the patch that replaces the whole index by
 * one written here with the patches of what changed in it (in place; the order of the others kept).
 */
export function refineNodePatches(patches: Patch[], inverse: Patch[]): void {
  const i = patches.findIndex((p) => p.path.length === 1 && p.path[0] === 'nodes' && p.op === 'replace');
  const w = i < 0 ? undefined : written.get(patches[i].value as object);
  if (!w) return;
  const j = inverse.findIndex((q) => q.path.length === 1 && q.path[0] === 'nodes' && q.op === 'replace');
  const before = j < 0 ? undefined : (inverse[j].value as NodeShards | undefined);
  if (!Array.isArray(before) || before.length !== FANOUT) return;
  const fine: Patch[] = [];
  const undo: Patch[] = [];
  written.delete(patches[i].value as object);
  indexPatches(before, patches[i].value as NodeShards, w, fine, undo);
  patches.splice(i, 1, ...fine);
  inverse.splice(j, 1, ...undo);
}
