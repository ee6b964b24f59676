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
// - `ids`: a hash trie of the short ids, seeded per record (children-trie.ts): id -> UID and the
//   keys of its group and chunk. No object is ever indexed by an id, so any string is a valid id.
// A write replaces small lists (a chunk, a group's lists, a trie leaf) or changes one slot of a list
// of at most MAX_GROUP entries, plus one slot of `counts` (one entry per ~1,000 children).
// Version 2 of the snapshot had one level (`order`, `keys`, `sizes` in the record):
// persistence/migrate.ts rebuilds such records.
import { current, isDraft, type Draft } from 'immer';
import { freezeTop, present } from './freeze.ts';
import { stored } from './stored.ts';
import { freshSeed } from '../lib/seeded-hash.ts';
import { appendIn, madeFor, mutableIn, owned, type MadeSet } from './children-copies.ts';
import { findLeaf, trieDelete, trieProblems, trieSet, type Trie, type TrieWork } from './children-trie.ts';

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
const PAIR = 2;

/**
 * A draft list of numbers or strings (sizes, keys, a chunk, a trie leaf) as plain data: its
 * current value. Never on a list of lists: current() copies every unfrozen array under a draft
 * (the state is not frozen when serving, freeze.ts), which would copy all children.
 */
const plain = <T>(x: T): T => (isDraft(x) ? (current(x as Draft<T>) as T) : x);

/**
 * `c` for reading, as it is now: its order lists as plain data (the parts a recipe did not change
 * are shared; cost: the number of groups and what this recipe changed), its trie as stored. (The
 * write path never drafts a record; a reader that went through a draft node may have.)
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

// ------------------------------------------------------------------ writing (in recipes)
//
// A write makes no Immer draft of the record: it works on a plain copy of the record's top (its
// lists shared until changed), copies each list or object on the way to a change once per recipe
// (`mutable`), and stores the record in the node once per write, frozen at its top (Immer then
// does not walk it when it finalizes the recipe: that walk would visit every child). Immer's patch
// for it replaces the whole record; the store turns that into patches of what changed
// (children-patches.ts), so the journal and the history stay as small as the change.

/** A write in progress: its record (a copy of the node's, changed in place) and what the recipe made for the node. */
interface Work extends TrieWork {
  c: Children;
}

/** Start a write of `node`'s children: a copy of its record's top (an empty record on first use). */
function begin(node: HasChildren, made: MadeSet = madeFor(node)): Work {
  const c = stored(node, 'children');
  if (!c) return { c: emptyChildren(), made };
  if (isDraft(c)) return { c: present(c), made };
  const top: Children = { n: c.n, groups: c.groups, counts: c.counts, gkeys: c.gkeys, next: c.next, ids: c.ids };
  if (c.k !== undefined) top.k = c.k; // a record from before seeds keeps none
  return { c: top, made };
}

/** The record written is the node's. */
function end(node: HasChildren, w: Work): void {
  node.children = freezeTop(w.c);
}

/** Group `gi`, ready to change in place. */
const editGroup = (w: Work, gi: number): Group => mutableIn(w, mutableIn(w, w.c, 'groups'), gi);

/** Set slot `i` of the list `holder[key]` (`holder`: the record or a group, ready to change) to `value`. */
function setSlot<H extends object, K extends keyof H>(w: Work, holder: H, key: K, i: number, value: H[K] extends (infer T)[] ? T : never): void {
  (mutableIn(w, holder, key) as unknown[])[i] = value;
}

/** Every child of `pairs` is now in chunk `ckey` of group `gkey` (the trie says so). */
function rehome(w: Work, pairs: string[], gkey: number, ckey: number): void {
  for (let i = 0; i < pairs.length; i += PAIR) trieSet(w, pairs[i + 1], pairs[i], gkey, ckey);
}

/** Every child of the group `g` is now in group `gkey`. */
function rehomeGroup(w: Work, g: Group, gkey: number): void {
  g.order.forEach((chunk, ci) => rehome(w, chunk, gkey, g.keys[ci]));
}

/** Replace chunk `ci` of group `gi` by `pairs` (a new list): split when too big, drop when empty, merge when too small. */
function putChunk(w: Work, gi: number, ci: number, pairs: string[]): void {
  const c = w.c;
  const size = pairs.length / PAIR;
  const gkey = c.gkeys[gi];
  const g = editGroup(w, gi);
  const { order, keys, sizes } = g;
  if (size > MAX_CHUNK) {
    const half = Math.floor(size / 2) * PAIR;
    const key = c.next++;
    const tail = owned(w, pairs.slice(half));
    g.order = owned(w, [...order.slice(0, ci), owned(w, pairs.slice(0, half)), tail, ...order.slice(ci + 1)]);
    g.keys = owned(w, [...keys.slice(0, ci + 1), key, ...keys.slice(ci + 1)]);
    g.sizes = owned(w, [...sizes.slice(0, ci), half / PAIR, tail.length / PAIR, ...sizes.slice(ci + 1)]);
    rehome(w, tail, gkey, key);
    return fitGroup(w, gi);
  }
  if (size === 0) {
    g.order = owned(w, order.filter((_, k) => k !== ci));
    g.keys = owned(w, keys.filter((_, k) => k !== ci));
    g.sizes = owned(w, sizes.filter((_, k) => k !== ci));
    return fitGroup(w, gi);
  }
  if (size < MIN_CHUNK) {
    for (const other of [ci - 1, ci + 1]) {
      if (other < 0 || other >= sizes.length || sizes[other] + size > CHUNK) continue;
      const neighbour = order[other];
      const joined = owned(w, other < ci ? neighbour.concat(pairs) : pairs.concat(neighbour));
      const [lo, hi] = other < ci ? [other, ci] : [ci, other];
      g.order = owned(w, [...order.slice(0, lo), joined, ...order.slice(hi + 1)]);
      g.keys = owned(w, [...keys.slice(0, lo), keys[other], ...keys.slice(hi + 1)]);
      g.sizes = owned(w, [...sizes.slice(0, lo), joined.length / PAIR, ...sizes.slice(hi + 1)]);
      rehome(w, pairs, gkey, keys[other]);
      return fitGroup(w, gi);
    }
  }
  setSlot(w, g, 'order', ci, owned(w, pairs));
  setSlot(w, g, 'sizes', ci, size);
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** After group `gi` changed its number of chunks: recount it; split it, drop it or join it to a neighbour as needed. */
function fitGroup(w: Work, gi: number): void {
  const c = w.c;
  const { groups, counts, gkeys } = c;
  const g = groups[gi];
  const count = sum(g.sizes);
  const chunksIn = g.order.length;
  if (chunksIn > MAX_GROUP) {
    const half = Math.floor(chunksIn / 2);
    const part = (from: number, to?: number): Group => owned(w, { order: owned(w, g.order.slice(from, to)), keys: owned(w, g.keys.slice(from, to)), sizes: owned(w, g.sizes.slice(from, to)) });
    const head = part(0, half);
    const tail = part(half);
    const key = c.next++;
    c.groups = owned(w, [...groups.slice(0, gi), head, tail, ...groups.slice(gi + 1)]);
    c.counts = owned(w, [...counts.slice(0, gi), sum(head.sizes), sum(tail.sizes), ...counts.slice(gi + 1)]);
    c.gkeys = owned(w, [...gkeys.slice(0, gi + 1), key, ...gkeys.slice(gi + 1)]);
    rehomeGroup(w, tail, key);
    return;
  }
  if (chunksIn === 0) {
    c.groups = owned(w, groups.filter((_, k) => k !== gi));
    c.counts = owned(w, counts.filter((_, k) => k !== gi));
    c.gkeys = owned(w, gkeys.filter((_, k) => k !== gi));
    return;
  }
  if (chunksIn < MIN_GROUP) {
    for (const other of [gi - 1, gi + 1]) {
      if (other < 0 || other >= groups.length || groups[other].order.length + chunksIn > GROUP) continue;
      const [a, b] = other < gi ? [groups[other], g] : [g, groups[other]];
      const joined: Group = owned(w, { order: owned(w, [...a.order, ...b.order]), keys: owned(w, [...a.keys, ...b.keys]), sizes: owned(w, [...a.sizes, ...b.sizes]) });
      const lo = Math.min(gi, other);
      c.groups = owned(w, [...groups.slice(0, lo), joined, ...groups.slice(lo + 2)]);
      c.counts = owned(w, [...counts.slice(0, lo), count + counts[other], ...counts.slice(lo + 2)]);
      c.gkeys = owned(w, [...gkeys.slice(0, lo), gkeys[other], ...gkeys.slice(lo + 2)]);
      rehomeGroup(w, g, gkeys[other]);
      return;
    }
  }
  setSlot(w, c, 'counts', gi, count);
}

/** Insert child `id` -> `uid` at position `pos` (default: last) in the write `w`. The id must be free. */
function insertIn(w: Work, id: string, uid: string, pos?: number): void {
  const c = w.c;
  const at = pos === undefined ? c.n : Math.max(0, Math.min(c.n, pos));
  const counts = c.counts;
  const gl = counts.length - 1;
  if (at === c.n) {
    // the common case, an append: one slot of the last chunk, group and counts
    const last = gl < 0 ? undefined : c.groups[gl];
    const cl = last ? last.order.length - 1 : -1;
    if (!last || (cl >= 0 && last.sizes[cl] >= CHUNK && last.order.length >= GROUP)) {
      const gkey = c.next++;
      const key = c.next++;
      appendIn(w, c, 'groups', owned(w, { order: owned(w, [owned(w, [uid, id])]), keys: owned(w, [key]), sizes: owned(w, [1]) }));
      appendIn(w, c, 'counts', 1);
      appendIn(w, c, 'gkeys', gkey);
      trieSet(w, id, uid, gkey, key);
    } else if (cl < 0 || last.sizes[cl] >= CHUNK) {
      const key = c.next++;
      const g = editGroup(w, gl);
      appendIn(w, g, 'order', owned(w, [uid, id]));
      appendIn(w, g, 'keys', key);
      appendIn(w, g, 'sizes', 1);
      setSlot(w, c, 'counts', gl, counts[gl] + 1);
      trieSet(w, id, uid, c.gkeys[gl], key);
    } else {
      const g = editGroup(w, gl);
      appendIn(w, mutableIn(w, g, 'order'), cl, uid, id);
      setSlot(w, g, 'sizes', cl, g.sizes[cl] + 1);
      setSlot(w, c, 'counts', gl, counts[gl] + 1);
      trieSet(w, id, uid, c.gkeys[gl], g.keys[cl]);
    }
  } else {
    const { gi, ci, first } = chunkAt(c, at);
    const group = c.groups[gi];
    const chunk = group.order[ci];
    const off = (at - first) * PAIR;
    trieSet(w, id, uid, c.gkeys[gi], group.keys[ci]);
    setSlot(w, c, 'counts', gi, counts[gi] + 1);
    putChunk(w, gi, ci, [...chunk.slice(0, off), uid, id, ...chunk.slice(off)]);
  }
  c.n += 1;
}

/** Remove child `id` in the write `w`; returns its UID (undefined: no such child). */
function removeIn(w: Work, id: string): string | undefined {
  const c = w.c;
  const where = locate(c, id);
  if (!where) return undefined;
  const chunk = c.groups[where.gi].order[where.ci];
  trieDelete(w, id);
  setSlot(w, c, 'counts', where.gi, c.counts[where.gi] - 1);
  putChunk(w, where.gi, where.ci, [...chunk.slice(0, where.off), ...chunk.slice(where.off + PAIR)]);
  c.n -= 1;
  return where.uid;
}

/**
 * Draft mutator: insert child `id` -> `uid` at position `pos` (default: last). The id must be free.
 * `made`: what the recipe made so far for `node`, when the caller keeps that itself (nodes-write.ts).
 */
export function insertChild(node: HasChildren, id: string, uid: string, pos?: number, made?: MadeSet): void {
  const w = begin(node, made);
  insertIn(w, id, uid, pos);
  end(node, w);
}

/** Draft mutator: remove child `id`; returns its UID (undefined: no such child). */
export function removeChild(node: HasChildren, id: string): string | undefined {
  if (!stored(node, 'children')) return undefined;
  const w = begin(node);
  const uid = removeIn(w, id);
  if (uid !== undefined) end(node, w);
  return uid;
}

/** Draft mutator: child `oldId` is now called `newId` (free); its place does not change. */
export function renameChildId(node: HasChildren, oldId: string, newId: string): void {
  const w = stored(node, 'children') ? begin(node) : undefined;
  const where = w && locate(w.c, oldId);
  if (!w || !where) throw new Error(`no child ${oldId}`);
  const c = w.c;
  const group = c.groups[where.gi];
  trieDelete(w, oldId);
  trieSet(w, newId, where.uid, c.gkeys[where.gi], group.keys[where.ci]);
  const chunk = owned(w, group.order[where.ci].slice());
  chunk[where.off + 1] = newId;
  const g = editGroup(w, where.gi);
  setSlot(w, g, 'order', where.ci, chunk);
  end(node, w);
}

/** Draft mutator: move child `id` to position `pos` (clamped) among its siblings. */
export function moveChildTo(node: HasChildren, id: string, pos: number): void {
  if (!stored(node, 'children')) return;
  const w = begin(node);
  const uid = removeIn(w, id);
  if (uid === undefined) return;
  insertIn(w, id, uid, pos);
  end(node, w);
}

/** Draft mutator: the children in the order of `ids` (a permutation of the current ids). */
export function setChildOrder(node: HasChildren, ids: string[]): void {
  const c = stored(node, 'children');
  if (!c) return;
  const snapshot = { children: readable(c) };
  const pairs = ids.map((id) => [childUid(snapshot, id), id] as const);
  if (pairs.length !== c.n || pairs.some(([uid]) => uid === undefined)) throw new Error('setChildOrder: not a permutation of the children');
  const w: Work = { c: emptyChildren(), made: madeFor(node) };
  for (const [uid, id] of pairs) insertIn(w, id, uid!);
  end(node, w);
}

/** Draft mutator: children `ids[i]` take the positions `slots[i]` (the same set of positions). */
export function placeChildren(node: HasChildren, ids: string[], slots: number[]): void {
  if (!stored(node, 'children')) return;
  const w = begin(node);
  const moved = ids.map((id) => ({ id, uid: childUid({ children: w.c }, id)! }));
  ids.forEach((id) => removeIn(w, id));
  const order = slots.map((slot, i) => [slot, moved[i]] as const).sort((a, b) => a[0] - b[0]);
  for (const [slot, { id, uid }] of order) insertIn(w, id, uid, slot);
  end(node, w);
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
  problems.push(...trieProblems(c, inOrder, where));
  return problems;
}
