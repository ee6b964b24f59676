// The index of a folder's children by short id: a hash trie, 16 ways per level by 4 bits of a
// seeded hash of the id, whose leaves are flat [id, uid, group key, chunk key, ...] entries. No
// object is ever indexed by an id, so any string is a valid id (`__proto__`, `valueOf` ...). Each
// children record draws its own seed when made (`k`), so nobody can choose thousands of ids that
// fill one leaf; a record made before seeds keeps the plain FNV-1a its trie was built with.
// Writes copy the path to the leaf they change once per recipe (children-copies.ts).
import { stored } from './stored.ts';
import { mutable, mutableIn, owned, type Made } from './children-copies.ts';
import { FNV_OFFSET, fnvFrom, seededHash } from '../lib/seeded-hash.ts';

/** A leaf: flat [id, uid, group key, chunk key] entries. */
export type Leaf = (string | number)[];
export interface Branch {
  b: (Trie | null)[];
}
export type Trie = Leaf | Branch;

/** What the trie functions read of a children record: its trie and its seed. */
export interface TrieRecord {
  ids: Trie;
  k?: number;
}

/** A write of a record's trie (children.ts's writes are ones). */
export interface TrieWork extends Made {
  c: TrieRecord;
}

/** Entries per trie leaf before it becomes a branch (unless the hash is used up). */
const LEAF = 20;
const WAYS = 16;
const MAX_DEPTH = 8; // 8 x 4 bits of a 32-bit hash
/** Fields per leaf entry: id, uid, group key, chunk key. */
export const ENTRY = 4;

/** The trie hash of `id` in record `c` (its own seed; plain FNV-1a in a record from before seeds). */
export function trieHash(c: TrieRecord, id: string): number {
  if (c.k !== undefined) return seededHash(id, c.k);
  return fnvFrom(FNV_OFFSET, id) >>> 0;
}

/** The way of hash `h` out of a branch at `depth` (the root branch: 0). */
export const trieSlot = (h: number, depth: number) => (h >>> (depth * 4)) & (WAYS - 1);
export const isTrieBranch = (t: Trie): t is Branch => !Array.isArray(t);

/** The leaf entry of `id` in `c` (read as stored: no drafts are made on the way). */
export function findLeaf(c: TrieRecord, id: string): { leaf: Leaf; at: number } | undefined {
  const h = trieHash(c, id);
  let t: Trie | null = stored(c, 'ids');
  for (let depth = 0; t && isTrieBranch(t); depth++) t = stored(stored(t, 'b'), trieSlot(h, depth));
  const at = t ? entryIn(t, id) : -1;
  return at < 0 ? undefined : { leaf: t as Leaf, at };
}

/** The branches on the way to the leaf where hash `h` belongs (branch i is left by trieSlot(h, i)), and that leaf. */
function leafPath(c: TrieRecord, h: number): { branches: Branch[]; leaf: Leaf | null } {
  const branches: Branch[] = [];
  let t: Trie | null = c.ids;
  while (t && isTrieBranch(t)) {
    branches.push(t);
    t = t.b[trieSlot(h, branches.length - 1)];
  }
  return { branches, leaf: t };
}

/** Put `t` where hash `h` belongs below `branches` (the path to it copied once per recipe); none: the root. */
function putLeaf(w: TrieWork, h: number, branches: Branch[], t: Trie | null): void {
  if (!branches.length) {
    w.c.ids = t ?? [];
    return;
  }
  // (no closures here: one made per call, and the benchmarks' loader names each one it makes)
  let branch = mutableIn(w, w.c as { ids: Branch }, 'ids');
  for (let depth = 0; ; depth++) {
    const ways = mutableIn(w, branch, 'b');
    const at = trieSlot(h, depth);
    if (depth === branches.length - 1) {
      ways[at] = t;
      return;
    }
    branch = mutableIn(w, ways as Branch[], at);
  }
}

/** Offset of the entry of `id` in a leaf, -1 if absent. */
function entryIn(leaf: Leaf, id: string): number {
  for (let i = 0; i < leaf.length; i += ENTRY) if (leaf[i] === id) return i;
  return -1;
}

/** Set the trie entry of `id` (insert, or update UID and keys). */
export function trieSet(w: TrieWork, id: string, uid: string, gkey: number, ckey: number): void {
  const h = trieHash(w.c, id);
  const { branches, leaf } = leafPath(w.c, h);
  if (!leaf) return putLeaf(w, h, branches, owned(w, [id, uid, gkey, ckey]));
  const i = entryIn(leaf, id);
  if (i >= 0) {
    const next = mutable(w, leaf, (copy) => putLeaf(w, h, branches, copy));
    next[i + 1] = uid;
    next[i + 2] = gkey;
    next[i + 3] = ckey;
  } else if (leaf.length / ENTRY < LEAF || branches.length >= MAX_DEPTH) {
    // a copy at its size with the entry (as appendIn: not slice() and push())
    if (w.made.has(leaf)) leaf.push(id, uid, gkey, ckey);
    else putLeaf(w, h, branches, owned(w, leaf.concat([id, uid, gkey, ckey])));
  }
  else putLeaf(w, h, branches, split(w, [...leaf, id, uid, gkey, ckey], branches.length));
}

/** A leaf at `depth` that outgrew LEAF, as a branch of leaves (recursively, if they all collide). */
function split(w: TrieWork, leaf: Leaf, depth: number): Trie {
  if (leaf.length / ENTRY <= LEAF || depth >= MAX_DEPTH) return owned(w, leaf);
  const parts: Leaf[] = Array.from({ length: WAYS }, () => []);
  for (let i = 0; i < leaf.length; i += ENTRY) parts[trieSlot(trieHash(w.c, leaf[i] as string), depth)].push(leaf[i], leaf[i + 1], leaf[i + 2], leaf[i + 3]);
  return owned(w, { b: owned(w, parts.map((p) => (p.length ? split(w, p, depth + 1) : null))) });
}

/** Take the trie entry of `id` out (none: nothing changes). */
export function trieDelete(w: TrieWork, id: string): void {
  const h = trieHash(w.c, id);
  const { branches, leaf } = leafPath(w.c, h);
  const i = leaf ? entryIn(leaf, id) : -1;
  if (!leaf || i < 0) return;
  const rest = owned(w, [...leaf.slice(0, i), ...leaf.slice(i + ENTRY)]);
  putLeaf(w, h, branches, rest.length ? rest : null);
}

/**
 * Problems of the trie of `c` against the order (`inOrder`: id -> its UID and "group/chunk" keys):
 * an id in the wrong leaf, one missing from either, an entry that names another place.
 */
export function trieProblems(c: TrieRecord, inOrder: Map<string, { uid: string; key: string }>, where: string): string[] {
  const problems: string[] = [];
  let indexed = 0;
  const walk = (t: Trie | null, depth: number, prefix: number) => {
    if (!t) return;
    if (isTrieBranch(t)) {
      if (t.b.length !== WAYS) problems.push(`${where}: trie branch of ${t.b.length} ways`);
      t.b.forEach((sub, s) => walk(sub, depth + 1, prefix | (s << (depth * 4))));
      return;
    }
    const mask = depth === 0 ? 0 : 2 ** (depth * 4) - 1;
    for (let i = 0; i < t.length; i += ENTRY) {
      indexed++;
      const [id, uid, key] = [t[i] as string, t[i + 1] as string, `${t[i + 2]}/${t[i + 3]}`];
      if (((trieHash(c, id) & mask) >>> 0) !== prefix >>> 0) problems.push(`${where}: id "${id}" in the wrong trie leaf`);
      const listed = inOrder.get(id);
      if (!listed) problems.push(`${where}: trie has id "${id}" that is not in the order`);
      else if (listed.uid !== uid || listed.key !== key) problems.push(`${where}: trie entry of "${id}" is (${uid}, ${key}), the order has (${listed.uid}, ${listed.key})`);
    }
  };
  walk(c.ids, 0, 0);
  if (indexed !== inOrder.size) problems.push(`${where}: trie holds ${indexed} ids, the order ${inOrder.size}`);
  return problems;
}
