// The children of a folder: their order and an index of their short ids, shaped so that one write
// copies and compares a bounded amount of data whatever the number of children (Immer copies every
// object on the path to a change, compares every slot of a changed list when it makes the patches,
// and the journal records what it replaced).
//
// - `groups`: the child UIDs in order, in two levels. A group holds up to MAX_GROUP chunks; a chunk
//   holds flat [uid, id, uid, id, ...] pairs. Appends fill the last chunk (CHUNK children) and the
//   last group (GROUP chunks); a chunk or group that grows past its maximum splits in two, one that
//   shrinks below its minimum joins a neighbour. `keys[i]` is the stable key of a group's chunk i,
//   `sizes[i]` its number of children; `counts[g]` is the number of children of group g (a
//   position is the counts before a group, the sizes before a chunk, plus an offset in it).
// - `ids`: a hash trie of the short ids (16 ways per level, by 4 bits of a hash of the id), whose
//   leaves are flat [id, uid, group key, chunk key, ...] entries. No object is ever indexed by an id, so any
//   string is a valid id (`__proto__`, `valueOf` ...).
// A write replaces small lists (a chunk, a group's lists, a trie leaf) or changes one slot of a list
// of at most MAX_GROUP entries, plus one slot of `counts` (one entry per ~1,000 children).
// Version 2 of the snapshot had one level (`order`, `keys`, `sizes` in the record):
// persistence/migrate.ts rebuilds such records.
import { current, isDraft, type Draft } from 'immer';
import { present } from './freeze.ts';
import { stored } from './stored.ts';
import { freshSeed, seededHash } from '../lib/seeded-hash.ts';

export interface Children {
  /** Number of children. */
  n: number;
  /** Groups of chunks, in order. */
  groups: Group[];
  /** Number of children in each group (parallel to `groups`). */
  counts: number[];
  /** Stable key of each group (parallel to `groups`). */
  gkeys: number[];
  /** Next chunk or group key. */
  next: number;
  /** Short id -> (UID, group key, chunk key). */
  ids: Trie;
  /** Seed of the trie's hash, drawn when the record is made (absent: records from before seeds). */
  k?: number;
}

/** Consecutive chunks of [uid, id] pairs. */
export interface Group {
  order: string[][];
  /** Stable key of each chunk (parallel to `order`). */
  keys: number[];
  /** Number of children in each chunk (parallel to `order`). */
  sizes: number[];
}

/** A leaf: flat [id, uid, group key, chunk key] entries. */
type Leaf = (string | number)[];
interface Branch {
  b: (Trie | null)[];
}
type Trie = Leaf | Branch;

/** Anything holding children (a content node; read-only or a draft). */
export interface HasChildren {
  children?: Children;
}

/** Children per chunk filled by appends; a chunk splits above MAX and merges below MIN. */
export const CHUNK = 64;
const MAX_CHUNK = 2 * CHUNK;
const MIN_CHUNK = CHUNK / 4;
/** Chunks per group filled by appends; a group splits above MAX_GROUP and merges below MIN_GROUP. */
export const GROUP = 16;
const MAX_GROUP = 2 * GROUP;
const MIN_GROUP = GROUP / 4;
/** Entries per trie leaf before it becomes a branch (unless the hash is used up). */
const LEAF = 20;
const WAYS = 16;
const MAX_DEPTH = 8; // 8 x 4 bits of a 32-bit hash

const PAIR = 2;
const ENTRY = 4;

/**
 * The trie hash of `id` in record `c`: seeded with the record's own seed (lib/seeded-hash.ts), so
 * that nobody can choose thousands of ids that fill one leaf. A record made before seeds (no `k`)
 * keeps the plain FNV-1a its trie was built with.
 */
function hash(c: Children, id: string): number {
  if (c.k !== undefined) return seededHash(id, c.k);
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const slot = (h: number, depth: number) => (h >>> (depth * 4)) & (WAYS - 1);
const isBranch = (t: Trie): t is Branch => !Array.isArray(t);

/** Lists and groups copied by `editable`/`owned`, with the children record (as seen in that recipe) they belong to. */
const copies = new WeakMap<object, Children>();

/**
 * `arr` itself when it can be changed in place (a draft, or a copy this module made for `c` in
 * this recipe), else a copy that `put` stores in its place. A value that is not a draft may be
 * part of an earlier state (a new list made by this recipe holds the chunks or groups before it);
 * the state is not frozen when serving (freeze.ts), so only this bookkeeping tells. `c` is a draft
 * or a record made by this recipe: a later recipe sees another object.
 */
function mutable<T extends object>(c: Children, x: T, put: (copy: T) => void): T {
  if (isDraft(x) || copies.get(x) === c) return x;
  const copy = (Array.isArray(x) ? x.slice() : { ...x }) as T;
  copies.set(copy, c);
  put(copy);
  return copy;
}

/** A new value made by this recipe for `c` (changed in place later in the same recipe). */
function owned<T extends object>(c: Children, x: T): T {
  copies.set(x, c);
  return x;
}


/**
 * A draft list of numbers or strings (sizes, keys, a chunk, a trie leaf) as plain data: its
 * current value. Never on a list of lists: current() copies every unfrozen array under a draft
 * (the state is not frozen when serving, freeze.ts), which would copy all children.
 */
const plain = <T>(x: T): T => (isDraft(x) ? (current(x as Draft<T>) as T) : x);


/**
 * `c` for reading, as it is now: its order lists as plain data (the parts a recipe did not change
 * are shared; cost: the number of groups and what this recipe changed), its trie as stored.
 */
function readable(c: Children): Children {
  if (!isDraft(c)) return c;
  return { n: c.n, next: c.next, counts: plain(stored(c, 'counts')), gkeys: plain(stored(c, 'gkeys')), groups: present(stored(c, 'groups')), ids: stored(c, 'ids'), k: c.k };
}

export function emptyChildren(): Children {
  return { n: 0, groups: [], counts: [], gkeys: [], next: 0, ids: [], k: freshSeed() };
}

// ------------------------------------------------------------------ reading

/** Number of children of `node`. */
export const childCount = (node: HasChildren): number => node.children?.n ?? 0;

/** The leaf entry of `id` in `c` (read as stored: no drafts are made on the way). */
function findLeaf(c: Children, id: string): { leaf: Leaf; at: number } | undefined {
  const h = hash(c, id);
  let t: Trie | null = stored(c, 'ids');
  for (let depth = 0; t && isBranch(t); depth++) t = stored(stored(t, 'b'), slot(h, depth));
  if (!t) return undefined;
  for (let i = 0; i < t.length; i += ENTRY) if (t[i] === id) return { leaf: t, at: i };
  return undefined;
}

/** UID of the child with short id `id`, if any (any string may be asked for). */
export function childUid(node: HasChildren, id: string): string | undefined {
  const c = stored(node, 'children');
  if (!c || typeof id !== 'string') return undefined;
  const found = findLeaf(c, id);
  return found ? (found.leaf[found.at + 1] as string) : undefined;
}

export const hasChild = (node: HasChildren, id: string): boolean => childUid(node, id) !== undefined;

/** The chunks of `node`'s children, in order. */
function* chunks(node: HasChildren): Generator<string[]> {
  const c = node.children && readable(node.children);
  if (c) for (const g of c.groups) yield* g.order;
}

/** Child UIDs in order. */
export function* childUids(node: HasChildren): Generator<string> {
  for (const chunk of chunks(node)) for (let i = 0; i < chunk.length; i += PAIR) yield chunk[i];
}

/** Child UIDs in order, as an array (linear in the number of children). */
export function childList(node: HasChildren): string[] {
  const out: string[] = [];
  for (const chunk of chunks(node)) for (let i = 0; i < chunk.length; i += PAIR) out.push(chunk[i]);
  return out;
}

/** [id, uid] of every child, in order. */
export function* childEntries(node: HasChildren): Generator<[string, string]> {
  for (const chunk of chunks(node)) for (let i = 0; i < chunk.length; i += PAIR) yield [chunk[i + 1], chunk[i]];
}

/** Where position `pos` is: group, chunk in it, and the position of the chunk's first child (past the end: one past the last group). */
function chunkAt(c: Children, pos: number): { gi: number; ci: number; first: number } {
  let first = 0;
  for (let gi = 0; gi < c.counts.length; gi++) {
    if (pos < first + c.counts[gi]) {
      const sizes = c.groups[gi].sizes;
      for (let ci = 0; ci < sizes.length; ci++) {
        if (pos < first + sizes[ci]) return { gi, ci, first };
        first += sizes[ci];
      }
    }
    first += c.counts[gi];
  }
  return { gi: c.counts.length, ci: 0, first };
}

/** UIDs of the children at positions [start, start + size). */
export function childPage(node: HasChildren, start: number, size: number): string[] {
  const c = node.children && readable(node.children);
  const out: string[] = [];
  if (!c || size <= 0 || start >= c.n) return out;
  const from = Math.max(0, start);
  let { gi, ci, first } = chunkAt(c, from);
  let i = (from - first) * PAIR;
  for (; gi < c.groups.length && out.length < size; gi++, ci = 0) {
    const order = c.groups[gi].order;
    for (; ci < order.length && out.length < size; ci++, i = 0) {
      const chunk = order[ci];
      for (; i < chunk.length && out.length < size; i += PAIR) out.push(chunk[i]);
    }
  }
  return out;
}

/** UID of the child at position `pos`, if any. */
export const childAt = (node: HasChildren, pos: number): string | undefined => (pos < 0 ? undefined : childPage(node, pos, 1)[0]);

/** Group and chunk index of the chunk with keys (`gkey`, `ckey`): an index in the group keys, one in the group's chunk keys. */
function chunkOf(c: Children, gkey: number, ckey: number): { gi: number; ci: number } | undefined {
  const gi = c.gkeys.indexOf(gkey);
  const ci = gi < 0 ? -1 : c.groups[gi].keys.indexOf(ckey);
  return ci < 0 ? undefined : { gi, ci };
}

/** Offset of the pair of `uid` in a chunk, -1 if absent (ids are never taken for UIDs). */
function pairIn(chunk: string[], uid: string): number {
  for (let i = 0; i < chunk.length; i += PAIR) if (chunk[i] === uid) return i;
  return -1;
}

/** Where the child `id` is: group, chunk, offset of its pair in the chunk, its UID (`c` readable). */
function locate(c: Children, id: string): { gi: number; ci: number; off: number; uid: string } | undefined {
  const found = findLeaf(c, id);
  if (!found) return undefined;
  const uid = found.leaf[found.at + 1] as string;
  const where = chunkOf(c, found.leaf[found.at + 2] as number, found.leaf[found.at + 3] as number);
  const off = where ? pairIn(c.groups[where.gi].order[where.ci], uid) : -1;
  return where && off >= 0 ? { ...where, off, uid } : undefined;
}

/** Position of the child with short id `id` among its siblings; -1 when there is none. */
export function childPosition(node: HasChildren, id: string): number {
  const c = node.children && readable(node.children);
  const where = c && typeof id === 'string' ? locate(c, id) : undefined;
  if (!c || !where) return -1;
  let pos = 0;
  for (let g = 0; g < where.gi; g++) pos += c.counts[g];
  const sizes = c.groups[where.gi].sizes;
  for (let k = 0; k < where.ci; k++) pos += sizes[k];
  return pos + where.off / PAIR;
}

/** Positions of all children by UID (one pass; for sorting many siblings by position). */
export function childPositions(node: HasChildren): Map<string, number> {
  const m = new Map<string, number>();
  let i = 0;
  for (const uid of childUids(node)) m.set(uid, i++);
  return m;
}

// ------------------------------------------------------------------ writing (on drafts)

/** The node's children, created empty on first use. */
function draftOf(node: HasChildren): Children {
  return (node.children ??= emptyChildren());
}

/** The leaf where `id` belongs: its holder branch and slot (none: the root), and its depth. */
function leafFor(c: Children, h: number): { holder?: Branch; at: number; leaf: Leaf | null; depth: number } {
  let holder: Branch | undefined;
  let t: Trie | null = c.ids;
  let depth = 0;
  while (t && isBranch(t)) {
    holder = t;
    t = t.b[slot(h, depth)];
    depth++;
  }
  return { holder, at: holder ? slot(h, depth - 1) : -1, leaf: t, depth };
}

function putLeaf(c: Children, where: { holder?: Branch; at: number }, t: Trie | null): void {
  if (where.holder) where.holder.b[where.at] = t;
  else c.ids = t ?? [];
}

/** Offset of the entry of `id` in a leaf, -1 if absent. */
function entryIn(leaf: Leaf, id: string): number {
  for (let i = 0; i < leaf.length; i += ENTRY) if (leaf[i] === id) return i;
  return -1;
}

/** Set the trie entry of `id` (insert, or update UID and keys). */
function trieSet(c: Children, id: string, uid: string, gkey: number, ckey: number): void {
  const where = leafFor(c, hash(c, id));
  const { leaf, depth } = where;
  if (!leaf) return putLeaf(c, where, [id, uid, gkey, ckey]);
  const i = entryIn(plain(leaf), id);
  if (i >= 0) {
    const next = mutable(c, leaf, (l) => putLeaf(c, where, l));
    next[i + 1] = uid;
    next[i + 2] = gkey;
    next[i + 3] = ckey;
  } else if (leaf.length / ENTRY < LEAF || depth >= MAX_DEPTH) mutable(c, leaf, (l) => putLeaf(c, where, l)).push(id, uid, gkey, ckey);
  else putLeaf(c, where, split(c, [...plain(leaf), id, uid, gkey, ckey], depth));
}

/** A leaf at `depth` that outgrew LEAF, as a branch of leaves (recursively, if they all collide). */
function split(c: Children, leaf: Leaf, depth: number): Trie {
  if (leaf.length / ENTRY <= LEAF || depth >= MAX_DEPTH) return leaf;
  const parts: Leaf[] = Array.from({ length: WAYS }, () => []);
  for (let i = 0; i < leaf.length; i += ENTRY) parts[slot(hash(c, leaf[i] as string), depth)].push(leaf[i], leaf[i + 1], leaf[i + 2], leaf[i + 3]);
  return { b: parts.map((p) => (p.length ? split(c, p, depth + 1) : null)) };
}

function trieDelete(c: Children, id: string): void {
  const where = leafFor(c, hash(c, id));
  if (!where.leaf) return;
  const base = plain(where.leaf);
  const i = entryIn(base, id);
  if (i < 0) return;
  const rest = [...base.slice(0, i), ...base.slice(i + ENTRY)];
  putLeaf(c, where, rest.length ? rest : null);
}

/** Group `gi` of `c`, ready to change in place. */
const editGroup = (c: Children, gi: number): Group => mutable(c, c.groups[gi], (g) => (c.groups[gi] = g));

/** Set one slot of a list of `c` (a top-level list or a group's) to `value`. */
function setSlot<T>(c: Children, list: T[], i: number, value: T, put: (copy: T[]) => void): void {
  mutable(c, list, put)[i] = value;
}

/** Every child of `pairs` is now in chunk `ckey` of group `gkey` (the trie says so). */
function rehome(c: Children, pairs: string[], gkey: number, ckey: number): void {
  for (let i = 0; i < pairs.length; i += PAIR) trieSet(c, pairs[i + 1], pairs[i], gkey, ckey);
}

/** Every child of the group `g` is now in group `gkey`. */
function rehomeGroup(c: Children, g: Group, gkey: number): void {
  g.order.forEach((chunk, ci) => rehome(c, chunk, gkey, g.keys[ci]));
}

/** Replace chunk `ci` of group `gi` by `pairs`: split when too big, drop when empty, merge when too small. */
function putChunk(c: Children, gi: number, ci: number, pairs: string[]): void {
  const size = pairs.length / PAIR;
  const gkey = plain(stored(c, 'gkeys'))[gi];
  const g = editGroup(c, gi);
  const order = g.order;
  const keys = plain(g.keys);
  const sizes = plain(g.sizes);
  if (size > MAX_CHUNK) {
    const half = Math.floor(size / 2) * PAIR;
    const key = c.next++;
    const tail = pairs.slice(half);
    g.order = owned(c, [...chunkList(order).slice(0, ci), pairs.slice(0, half), tail, ...chunkList(order).slice(ci + 1)]);
    g.keys = [...keys.slice(0, ci + 1), key, ...keys.slice(ci + 1)];
    g.sizes = [...sizes.slice(0, ci), half / PAIR, tail.length / PAIR, ...sizes.slice(ci + 1)];
    rehome(c, tail, gkey, key);
    return fitGroup(c, gi);
  }
  if (size === 0) {
    g.order = owned(c, chunkList(order).filter((_, k) => k !== ci));
    g.keys = keys.filter((_, k) => k !== ci);
    g.sizes = sizes.filter((_, k) => k !== ci);
    return fitGroup(c, gi);
  }
  if (size < MIN_CHUNK) {
    for (const other of [ci - 1, ci + 1]) {
      if (other < 0 || other >= sizes.length || sizes[other] + size > CHUNK) continue;
      const neighbour = plain(stored(order, other));
      const joined = other < ci ? neighbour.concat(pairs) : pairs.concat(neighbour);
      const [lo, hi] = other < ci ? [other, ci] : [ci, other];
      g.order = owned(c, [...chunkList(order).slice(0, lo), joined, ...chunkList(order).slice(hi + 1)]);
      g.keys = [...keys.slice(0, lo), keys[other], ...keys.slice(hi + 1)];
      g.sizes = [...sizes.slice(0, lo), joined.length / PAIR, ...sizes.slice(hi + 1)];
      rehome(c, pairs, gkey, keys[other]);
      return fitGroup(c, gi);
    }
  }
  setSlot(c, order, ci, pairs, (o) => (g.order = o));
  setSlot(c, g.sizes, ci, size, (s) => (g.sizes = s));
}

/** The chunks of a group's list as they are now (a drafted chunk: its current value), the chunks not copied. */
const chunkList = (order: string[][]): string[][] => present(order);

/** After group `gi` changed its number of chunks: recount it; split it, drop it or join it to a neighbour as needed. */
function fitGroup(c: Children, gi: number): void {
  const groups = present(stored(c, 'groups'));
  const g = groups[gi];
  const count = g.sizes.reduce((a, b) => a + b, 0);
  const counts = plain(c.counts);
  const gkeys = plain(c.gkeys);
  const chunksIn = g.order.length;
  if (chunksIn > MAX_GROUP) {
    const half = Math.floor(chunksIn / 2);
    const head: Group = { order: g.order.slice(0, half), keys: g.keys.slice(0, half), sizes: g.sizes.slice(0, half) };
    const tail: Group = { order: g.order.slice(half), keys: g.keys.slice(half), sizes: g.sizes.slice(half) };
    const n = (x: Group) => x.sizes.reduce((a, b) => a + b, 0);
    const key = c.next++;
    c.groups = owned(c, [...groups.slice(0, gi), owned(c, head), owned(c, tail), ...groups.slice(gi + 1)]);
    c.counts = [...counts.slice(0, gi), n(head), n(tail), ...counts.slice(gi + 1)];
    c.gkeys = [...gkeys.slice(0, gi + 1), key, ...gkeys.slice(gi + 1)];
    rehomeGroup(c, tail, key);
    return;
  }
  if (chunksIn === 0) {
    c.groups = owned(c, groups.filter((_, k) => k !== gi));
    c.counts = counts.filter((_, k) => k !== gi);
    c.gkeys = gkeys.filter((_, k) => k !== gi);
    return;
  }
  if (chunksIn < MIN_GROUP) {
    for (const other of [gi - 1, gi + 1]) {
      if (other < 0 || other >= groups.length || groups[other].order.length + chunksIn > GROUP) continue;
      const [a, b] = other < gi ? [groups[other], g] : [g, groups[other]];
      const joined: Group = { order: [...a.order, ...b.order], keys: [...a.keys, ...b.keys], sizes: [...a.sizes, ...b.sizes] };
      const lo = Math.min(gi, other);
      c.groups = owned(c, [...groups.slice(0, lo), owned(c, joined), ...groups.slice(lo + 2)]);
      c.counts = [...counts.slice(0, lo), count + counts[other], ...counts.slice(lo + 2)];
      c.gkeys = [...gkeys.slice(0, lo), gkeys[other], ...gkeys.slice(lo + 2)];
      rehomeGroup(c, g, gkeys[other]);
      return;
    }
  }
  setSlot(c, c.counts, gi, count, (s) => (c.counts = s));
}

/** Draft mutator: insert child `id` -> `uid` at position `pos` (default: last). The id must be free. */
export function insertChild(node: HasChildren, id: string, uid: string, pos?: number): void {
  const c = draftOf(node);
  const at = pos === undefined ? c.n : Math.max(0, Math.min(c.n, pos));
  const counts = plain(c.counts);
  const gl = counts.length - 1;
  if (at === c.n) {
    // the common case, an append: one slot of the last chunk, group and counts
    const lastGroup = gl < 0 ? undefined : stored(stored(c, 'groups'), gl);
    const last = lastGroup && { order: stored(lastGroup, 'order'), keys: plain(stored(lastGroup, 'keys')), sizes: plain(stored(lastGroup, 'sizes')) };
    const cl = last ? last.order.length - 1 : -1;
    if (!last || (cl >= 0 && last.sizes[cl] >= CHUNK && last.order.length >= GROUP)) {
      const gkey = c.next++;
      const key = c.next++;
      c.groups.push(owned(c, { order: owned(c, [[uid, id]]), keys: [key], sizes: [1] }));
      c.counts.push(1);
      c.gkeys.push(gkey);
      trieSet(c, id, uid, gkey, key);
    } else if (cl < 0 || last.sizes[cl] >= CHUNK) {
      const key = c.next++;
      const g = editGroup(c, gl);
      mutable(c, g.order, (o) => (g.order = o)).push([uid, id]);
      mutable(c, g.keys, (k) => (g.keys = k)).push(key);
      mutable(c, g.sizes, (s) => (g.sizes = s)).push(1);
      setSlot(c, c.counts, gl, counts[gl] + 1, (s) => (c.counts = s));
      trieSet(c, id, uid, plain(stored(c, 'gkeys'))[gl], key);
    } else {
      const g = editGroup(c, gl);
      const order = mutable(c, g.order, (o) => (g.order = o));
      mutable(c, order[cl], (chunk) => (order[cl] = chunk)).push(uid, id);
      setSlot(c, g.sizes, cl, last.sizes[cl] + 1, (s) => (g.sizes = s));
      setSlot(c, c.counts, gl, counts[gl] + 1, (s) => (c.counts = s));
      trieSet(c, id, uid, plain(stored(c, 'gkeys'))[gl], last.keys[cl]);
    }
  } else {
    const r = readable(c);
    const { gi, ci, first } = chunkAt(r, at);
    const group = r.groups[gi];
    const chunk = group.order[ci];
    const off = (at - first) * PAIR;
    trieSet(c, id, uid, r.gkeys[gi], group.keys[ci]);
    setSlot(c, c.counts, gi, counts[gi] + 1, (s) => (c.counts = s));
    putChunk(c, gi, ci, [...chunk.slice(0, off), uid, id, ...chunk.slice(off)]);
  }
  c.n += 1;
}

/** Draft mutator: remove child `id`; returns its UID (undefined: no such child). */
export function removeChild(node: HasChildren, id: string): string | undefined {
  const c = node.children;
  const r = c && readable(c);
  const where = r && locate(r, id);
  if (!c || !r || !where) return undefined;
  const chunk = r.groups[where.gi].order[where.ci];
  trieDelete(c, id);
  setSlot(c, c.counts, where.gi, r.counts[where.gi] - 1, (s) => (c.counts = s));
  putChunk(c, where.gi, where.ci, [...chunk.slice(0, where.off), ...chunk.slice(where.off + PAIR)]);
  c.n -= 1;
  return where.uid;
}

/** Draft mutator: child `oldId` is now called `newId` (free); its place does not change. */
export function renameChildId(node: HasChildren, oldId: string, newId: string): void {
  const c = node.children;
  const r = c && readable(c);
  const where = r && locate(r, oldId);
  if (!c || !r || !where) throw new Error(`no child ${oldId}`);
  const group = r.groups[where.gi];
  trieDelete(c, oldId);
  trieSet(c, newId, where.uid, r.gkeys[where.gi], group.keys[where.ci]);
  const chunk = group.order[where.ci].slice();
  chunk[where.off + 1] = newId;
  const g = editGroup(c, where.gi);
  setSlot(c, g.order, where.ci, chunk, (o) => (g.order = o));
}

/** Draft mutator: move child `id` to position `pos` (clamped) among its siblings. */
export function moveChildTo(node: HasChildren, id: string, pos: number): void {
  const uid = removeChild(node, id);
  if (uid !== undefined) insertChild(node, id, uid, pos);
}

/** Draft mutator: the children in the order of `ids` (a permutation of the current ids). */
export function setChildOrder(node: HasChildren, ids: string[]): void {
  const c = node.children;
  if (!c) return;
  const snapshot = { children: readable(c) };
  const pairs = ids.map((id) => [childUid(snapshot, id), id] as const);
  if (pairs.length !== c.n || pairs.some(([uid]) => uid === undefined)) throw new Error('setChildOrder: not a permutation of the children');
  const fresh = emptyChildren();
  const holder = { children: fresh };
  for (const [uid, id] of pairs) insertChild(holder, id, uid!, fresh.n);
  node.children = fresh;
}

/** Draft mutator: children `ids[i]` take the positions `slots[i]` (the same set of positions). */
export function placeChildren(node: HasChildren, ids: string[], slots: number[]): void {
  const c = node.children;
  if (!c) return;
  const before = { children: readable(c) };
  const moved = ids.map((id) => ({ id, uid: childUid(before, id)! }));
  ids.forEach((id) => removeChild(node, id));
  const order = slots.map((slot, i) => [slot, moved[i]] as const).sort((a, b) => a[0] - b[0]);
  for (const [slot, { id, uid }] of order) insertChild(node, id, uid, slot);
}

// ------------------------------------------------------------------ checking

/** Structural problems of a children record (empty: sound); `where` names it in messages. */
export function checkChildren(c: Children, where: string): string[] {
  const problems: string[] = [];
  const { groups, counts, gkeys } = c;
  if (groups.length !== counts.length || groups.length !== gkeys.length) problems.push(`${where}: groups/counts/gkeys lengths differ`);
  const allKeys: number[] = [...gkeys];
  const inOrder = new Map<string, { uid: string; key: string }>();
  let total = 0;
  groups.forEach((g, gi) => {
    const { order, keys, sizes } = g;
    if (order.length !== keys.length || order.length !== sizes.length) problems.push(`${where}: group ${gi}: order/keys/sizes lengths differ`);
    if (order.length === 0) problems.push(`${where}: empty group ${gi}`);
    if (order.length > MAX_GROUP) problems.push(`${where}: group ${gi} holds ${order.length} chunks`);
    allKeys.push(...keys);
    let inGroup = 0;
    order.forEach((chunk, ci) => {
      if (chunk.length === 0) problems.push(`${where}: empty chunk ${gi}/${ci}`);
      if (chunk.length > MAX_CHUNK * PAIR) problems.push(`${where}: chunk ${gi}/${ci} holds ${chunk.length / PAIR} children`);
      if (chunk.length !== sizes[ci] * PAIR) problems.push(`${where}: chunk ${gi}/${ci} holds ${chunk.length / PAIR} children, sizes says ${sizes[ci]}`);
      inGroup += chunk.length / PAIR;
      for (let i = 0; i < chunk.length; i += PAIR) {
        if (inOrder.has(chunk[i + 1])) problems.push(`${where}: id "${chunk[i + 1]}" twice in the order`);
        inOrder.set(chunk[i + 1], { uid: chunk[i], key: `${gkeys[gi]}/${keys[ci]}` });
      }
    });
    if (inGroup !== counts[gi]) problems.push(`${where}: group ${gi} holds ${inGroup} children, counts says ${counts[gi]}`);
    total += inGroup;
  });
  if (new Set(allKeys).size !== allKeys.length) problems.push(`${where}: duplicate group or chunk keys`);
  if (allKeys.some((k) => k >= c.next)) problems.push(`${where}: group or chunk key not below next`);
  if (total !== c.n) problems.push(`${where}: n is ${c.n}, the order holds ${total}`);
  let indexed = 0;
  const walk = (t: Trie | null, depth: number, prefix: number) => {
    if (!t) return;
    if (isBranch(t)) {
      if (t.b.length !== WAYS) problems.push(`${where}: trie branch of ${t.b.length} ways`);
      t.b.forEach((sub, s) => walk(sub, depth + 1, prefix | (s << (depth * 4))));
      return;
    }
    const mask = depth === 0 ? 0 : 2 ** (depth * 4) - 1;
    for (let i = 0; i < t.length; i += ENTRY) {
      indexed++;
      const [id, uid, key] = [t[i] as string, t[i + 1] as string, `${t[i + 2]}/${t[i + 3]}`];
      if (((hash(c, id) & mask) >>> 0) !== prefix >>> 0) problems.push(`${where}: id "${id}" in the wrong trie leaf`);
      const listed = inOrder.get(id);
      if (!listed) problems.push(`${where}: trie has id "${id}" that is not in the order`);
      else if (listed.uid !== uid || listed.key !== key) problems.push(`${where}: trie entry of "${id}" is (${uid}, ${key}), the order has (${listed.uid}, ${listed.key})`);
    }
  };
  walk(c.ids, 0, 0);
  if (indexed !== inOrder.size) problems.push(`${where}: trie holds ${indexed} ids, the order ${inOrder.size}`);
  return problems;
}
