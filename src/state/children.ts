// The children of a folder: their order and an index of their short ids, shaped so that one write
// copies a bounded amount of data whatever the number of children (Immer copies every object on
// the path to a change, and the journal records what it replaced).
//
// - `order`: the child UIDs in order, in chunks of flat [uid, id, uid, id, ...] pairs. Appends fill
//   the last chunk; a chunk that grows past MAX_CHUNK splits in two; one that shrinks below
//   MIN_CHUNK joins a neighbour. `keys[i]` is the stable key of `order[i]`, `sizes[i]` its number
//   of children (the counts index: a position is the sizes before a chunk plus an offset in it).
// - `ids`: a hash trie of the short ids (16 ways per level, by 4 bits of a hash of the id), whose
//   leaves are flat [id, uid, chunk key, ...] triples. No object is ever indexed by an id, so any
//   string is a valid id (`__proto__`, `valueOf` ...).
// Writes replace small arrays (a chunk, a leaf) instead of splicing them, so that a change is a few
// replace patches, never one per shifted element.
import { current, isDraft, type Draft } from 'immer';
import { present } from './freeze.ts';

export interface Children {
  /** Number of children. */
  n: number;
  /** Chunks of [uid, id] pairs, in order. */
  order: string[][];
  /** Stable key of each chunk (parallel to `order`). */
  keys: number[];
  /** Number of children in each chunk (parallel to `order`). */
  sizes: number[];
  /** Next chunk key. */
  next: number;
  /** Short id -> (UID, chunk key). */
  ids: Trie;
}

/** A leaf: flat [id, uid, chunk key] triples. */
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
export const CHUNK = 128;
const MAX_CHUNK = 2 * CHUNK;
const MIN_CHUNK = CHUNK / 4;
/** Entries per trie leaf before it becomes a branch (unless the hash is used up). */
const LEAF = 32;
const WAYS = 16;
const MAX_DEPTH = 8; // 8 x 4 bits of a 32-bit hash

const PAIR = 2;
const TRIPLE = 3;

/** FNV-1a over the UTF-16 code units of `id`. */
function hash(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const slot = (h: number, depth: number) => (h >>> (depth * 4)) & (WAYS - 1);
const isBranch = (t: Trie): t is Branch => !Array.isArray(t);

/** Arrays copied by `mutable`, with the children record (as seen in that recipe) they belong to. */
const copies = new WeakMap<object, Children>();

/**
 * `arr` itself when it can be changed in place (a draft, or a copy this function made for `c` in
 * this recipe), else a copy that `put` stores in its place. An array that is not a draft may be
 * part of an earlier state (a new top-level list made by this recipe holds the chunks before it);
 * the state is not frozen when serving (freeze.ts), so only this bookkeeping tells. `c` is a draft
 * or a record made by this recipe: a later recipe sees another object.
 */
function mutable<T>(c: Children, arr: T[], put: (copy: T[]) => void): T[] {
  if (isDraft(arr) || copies.get(arr) === c) return arr;
  const copy = arr.slice();
  copies.set(copy, c);
  put(copy);
  return copy;
}

/**
 * A draft list of numbers or strings (sizes, keys, a chunk, a trie leaf) as plain data: its
 * current value. Never on a list of lists: current() copies every unfrozen array under a draft
 * (the state is not frozen when serving, freeze.ts), which would copy all children.
 */
const plain = <T>(x: T): T => (isDraft(x) ? (current(x as Draft<T>) as T) : x);

/** The chunks of `c.order` as they are now, the chunks themselves not copied (a drafted one: its current value). */
const chunksOf = (c: Children): string[][] => present(c.order);

/** `c` for reading, as it is now (the parts a recipe did not change are shared). */
const readable = (c: Children): Children => present(c);

export function emptyChildren(): Children {
  return { n: 0, order: [], keys: [], sizes: [], next: 0, ids: [] };
}

// ------------------------------------------------------------------ reading

/** Number of children of `node`. */
export const childCount = (node: HasChildren): number => node.children?.n ?? 0;

function findLeaf(ids: Trie, id: string): { leaf: Leaf; at: number } | undefined {
  const h = hash(id);
  let t: Trie | null = ids;
  for (let depth = 0; t && isBranch(t); depth++) t = t.b[slot(h, depth)];
  if (!t) return undefined;
  for (let i = 0; i < t.length; i += TRIPLE) if (t[i] === id) return { leaf: t, at: i };
  return undefined;
}

/** UID of the child with short id `id`, if any (any string may be asked for). */
export function childUid(node: HasChildren, id: string): string | undefined {
  const c = node.children;
  if (!c || typeof id !== 'string') return undefined;
  const found = findLeaf(c.ids, id);
  return found ? (found.leaf[found.at + 1] as string) : undefined;
}

export const hasChild = (node: HasChildren, id: string): boolean => childUid(node, id) !== undefined;

/** Child UIDs in order. */
export function* childUids(node: HasChildren): Generator<string> {
  const c = node.children;
  if (!c) return;
  for (const chunk of c.order) for (let i = 0; i < chunk.length; i += PAIR) yield chunk[i];
}

/** Child UIDs in order, as an array (linear in the number of children). */
export function childList(node: HasChildren): string[] {
  const out: string[] = [];
  const c = node.children;
  if (c) for (const chunk of c.order) for (let i = 0; i < chunk.length; i += PAIR) out.push(chunk[i]);
  return out;
}

/** [id, uid] of every child, in order. */
export function* childEntries(node: HasChildren): Generator<[string, string]> {
  const c = node.children;
  if (!c) return;
  for (const chunk of c.order) for (let i = 0; i < chunk.length; i += PAIR) yield [chunk[i + 1], chunk[i]];
}

/** Index of the chunk holding position `pos`, and the position of its first child. */
function chunkAt(sizes: number[], pos: number): { ci: number; first: number } {
  let first = 0;
  for (let ci = 0; ci < sizes.length; ci++) {
    if (pos < first + sizes[ci]) return { ci, first };
    first += sizes[ci];
  }
  return { ci: sizes.length, first };
}

/** UIDs of the children at positions [start, start + size). */
export function childPage(node: HasChildren, start: number, size: number): string[] {
  const c = node.children;
  const out: string[] = [];
  if (!c || size <= 0 || start >= c.n) return out;
  let { ci, first } = chunkAt(c.sizes, Math.max(0, start));
  let i = (Math.max(0, start) - first) * PAIR;
  for (; ci < c.order.length && out.length < size; ci++, i = 0) {
    const chunk = c.order[ci];
    for (; i < chunk.length && out.length < size; i += PAIR) out.push(chunk[i]);
  }
  return out;
}

/** UID of the child at position `pos`, if any. */
export const childAt = (node: HasChildren, pos: number): string | undefined => (pos < 0 ? undefined : childPage(node, pos, 1)[0]);

/** Chunk index of key `key`. */
const chunkOf = (c: Children, key: number): number => c.keys.indexOf(key);

/** Position of the child with short id `id` among its siblings; -1 when there is none. */
export function childPosition(node: HasChildren, id: string): number {
  const c = node.children && readable(node.children);
  const found = c && typeof id === 'string' ? findLeaf(c.ids, id) : undefined;
  if (!c || !found) return -1;
  const uid = found.leaf[found.at + 1] as string;
  const ci = chunkOf(c, found.leaf[found.at + 2] as number);
  let pos = 0;
  for (let k = 0; k < ci; k++) pos += c.sizes[k];
  return pos + pairIn(c.order[ci], uid) / PAIR;
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
  for (let i = 0; i < leaf.length; i += TRIPLE) if (leaf[i] === id) return i;
  return -1;
}

/** Set the trie entry of `id` (insert, or update UID and chunk key). */
function trieSet(c: Children, id: string, uid: string, key: number): void {
  const where = leafFor(c, hash(id));
  const { leaf, depth } = where;
  if (!leaf) return putLeaf(c, where, [id, uid, key]);
  const i = entryIn(plain(leaf), id);
  if (i >= 0) {
    const next = mutable(c, leaf, (l) => putLeaf(c, where, l));
    next[i + 1] = uid;
    next[i + 2] = key;
  } else if (leaf.length / TRIPLE < LEAF || depth >= MAX_DEPTH) mutable(c, leaf, (l) => putLeaf(c, where, l)).push(id, uid, key);
  else putLeaf(c, where, split([...plain(leaf), id, uid, key], depth));
}

/** A leaf at `depth` that outgrew LEAF, as a branch of leaves (recursively, if they all collide). */
function split(leaf: Leaf, depth: number): Trie {
  if (leaf.length / TRIPLE <= LEAF || depth >= MAX_DEPTH) return leaf;
  const parts: Leaf[] = Array.from({ length: WAYS }, () => []);
  for (let i = 0; i < leaf.length; i += TRIPLE) parts[slot(hash(leaf[i] as string), depth)].push(leaf[i], leaf[i + 1], leaf[i + 2]);
  return { b: parts.map((p) => (p.length ? split(p, depth + 1) : null)) };
}

function trieDelete(c: Children, id: string): void {
  const where = leafFor(c, hash(id));
  if (!where.leaf) return;
  const base = plain(where.leaf);
  const i = entryIn(base, id);
  if (i < 0) return;
  const rest = [...base.slice(0, i), ...base.slice(i + TRIPLE)];
  putLeaf(c, where, rest.length ? rest : null);
}

/** Offset of the pair of `uid` in a chunk, -1 if absent (ids are never taken for UIDs). */
function pairIn(chunk: string[], uid: string): number {
  for (let i = 0; i < chunk.length; i += PAIR) if (chunk[i] === uid) return i;
  return -1;
}

/** Replace chunk `ci` by `pairs`: split when too big, drop when empty, merge when too small. */
function putChunk(c: Children, ci: number, pairs: string[]): void {
  const size = pairs.length / PAIR;
  if (size > MAX_CHUNK) {
    const half = Math.floor(size / 2) * PAIR;
    const key = c.next++;
    const tail = pairs.slice(half);
    const order = chunksOf(c);
    c.order = [...order.slice(0, ci), pairs.slice(0, half), tail, ...order.slice(ci + 1)];
    c.keys = [...plain(c.keys).slice(0, ci + 1), key, ...plain(c.keys).slice(ci + 1)];
    c.sizes = [...plain(c.sizes).slice(0, ci), half / PAIR, tail.length / PAIR, ...plain(c.sizes).slice(ci + 1)];
    for (let i = 0; i < tail.length; i += PAIR) trieSet(c, tail[i + 1], tail[i], key);
    return;
  }
  if (size === 0) {
    c.order = chunksOf(c).filter((_, k) => k !== ci);
    c.keys = plain(c.keys).filter((_, k) => k !== ci);
    c.sizes = plain(c.sizes).filter((_, k) => k !== ci);
    return;
  }
  if (size < MIN_CHUNK) {
    const sizes = plain(c.sizes);
    for (const other of [ci - 1, ci + 1]) {
      if (other < 0 || other >= sizes.length || sizes[other] + size > CHUNK) continue;
      const key = plain(c.keys)[other];
      const neighbour = plain(c.order[other]);
      const joined = other < ci ? neighbour.concat(pairs) : pairs.concat(neighbour);
      const [lo, hi] = other < ci ? [other, ci] : [ci, other];
      const order = chunksOf(c);
      c.order = [...order.slice(0, lo), joined, ...order.slice(hi + 1)];
      c.keys = [...plain(c.keys).slice(0, lo), key, ...plain(c.keys).slice(hi + 1)];
      c.sizes = [...sizes.slice(0, lo), joined.length / PAIR, ...sizes.slice(hi + 1)];
      for (let i = 0; i < pairs.length; i += PAIR) trieSet(c, pairs[i + 1], pairs[i], key);
      return;
    }
  }
  c.order[ci] = pairs;
  c.sizes[ci] = size;
}

/** Draft mutator: insert child `id` -> `uid` at position `pos` (default: last). The id must be free. */
export function insertChild(node: HasChildren, id: string, uid: string, pos?: number): void {
  const c = draftOf(node);
  const at = pos === undefined ? c.n : Math.max(0, Math.min(c.n, pos));
  const sizes = plain(c.sizes);
  const last = sizes.length - 1;
  if (at === c.n) {
    if (last < 0 || sizes[last] >= CHUNK) {
      const key = c.next++;
      c.order.push([uid, id]);
      c.keys.push(key);
      c.sizes.push(1);
      trieSet(c, id, uid, key);
    } else {
      // the common case, an append: two small add patches
      mutable(c, c.order[last], (chunk) => (c.order[last] = chunk)).push(uid, id);
      c.sizes[last] += 1;
      trieSet(c, id, uid, plain(c.keys)[last]);
    }
  } else {
    const { ci, first } = chunkAt(sizes, at);
    const chunk = plain(c.order[ci]);
    const off = (at - first) * PAIR;
    trieSet(c, id, uid, plain(c.keys)[ci]);
    putChunk(c, ci, [...chunk.slice(0, off), uid, id, ...chunk.slice(off)]);
  }
  c.n += 1;
}

/** Where the child `id` is: chunk index, offset of its pair in the chunk, its UID. */
function locate(c: Children, id: string): { ci: number; off: number; uid: string } | undefined {
  const found = findLeaf(c.ids, id);
  if (!found) return undefined;
  const uid = found.leaf[found.at + 1] as string;
  const ci = plain(c.keys).indexOf(found.leaf[found.at + 2] as number);
  const off = ci < 0 ? -1 : pairIn(plain(c.order[ci]), uid);
  return off < 0 ? undefined : { ci, off, uid };
}

/** Draft mutator: remove child `id`; returns its UID (undefined: no such child). */
export function removeChild(node: HasChildren, id: string): string | undefined {
  const c = node.children;
  const where = c && locate(c, id);
  if (!c || !where) return undefined;
  const chunk = plain(c.order[where.ci]);
  trieDelete(c, id);
  putChunk(c, where.ci, [...chunk.slice(0, where.off), ...chunk.slice(where.off + PAIR)]);
  c.n -= 1;
  return where.uid;
}

/** Draft mutator: child `oldId` is now called `newId` (free); its place does not change. */
export function renameChildId(node: HasChildren, oldId: string, newId: string): void {
  const c = node.children;
  const where = c && locate(c, oldId);
  if (!c || !where) throw new Error(`no child ${oldId}`);
  const key = plain(c.keys)[where.ci];
  trieDelete(c, oldId);
  trieSet(c, newId, where.uid, key);
  const chunk = plain(c.order[where.ci]).slice();
  chunk[where.off + 1] = newId;
  c.order[where.ci] = chunk;
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
  const { order, keys, sizes } = c;
  if (order.length !== keys.length || order.length !== sizes.length) problems.push(`${where}: order/keys/sizes lengths differ`);
  if (new Set(keys).size !== keys.length) problems.push(`${where}: duplicate chunk keys`);
  if (keys.some((k) => k >= c.next)) problems.push(`${where}: chunk key not below next`);
  const inOrder = new Map<string, { uid: string; key: number }>();
  let total = 0;
  order.forEach((chunk, ci) => {
    if (chunk.length === 0) problems.push(`${where}: empty chunk ${ci}`);
    if (chunk.length !== sizes[ci] * PAIR) problems.push(`${where}: chunk ${ci} holds ${chunk.length / PAIR} children, sizes says ${sizes[ci]}`);
    total += chunk.length / PAIR;
    for (let i = 0; i < chunk.length; i += PAIR) {
      if (inOrder.has(chunk[i + 1])) problems.push(`${where}: id "${chunk[i + 1]}" twice in the order`);
      inOrder.set(chunk[i + 1], { uid: chunk[i], key: keys[ci] });
    }
  });
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
    for (let i = 0; i < t.length; i += TRIPLE) {
      indexed++;
      const [id, uid, key] = [t[i] as string, t[i + 1] as string, t[i + 2] as number];
      if (((hash(id) & mask) >>> 0) !== prefix >>> 0) problems.push(`${where}: id "${id}" in the wrong trie leaf`);
      const listed = inOrder.get(id);
      if (!listed) problems.push(`${where}: trie has id "${id}" that is not in the order`);
      else if (listed.uid !== uid || listed.key !== key) problems.push(`${where}: trie entry of "${id}" is (${uid}, ${key}), the order has (${listed.uid}, ${listed.key})`);
    }
  };
  walk(c.ids, 0, 0);
  if (indexed !== inOrder.size) problems.push(`${where}: trie holds ${indexed} ids, the order ${inOrder.size}`);
  return problems;
}
