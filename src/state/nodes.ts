// The UID index: nodes in 16^4 = 65,536 buckets chosen by 16 bits of a hash of the UID, reached
// through four levels of arrays of 16 slots (null: empty), one hex digit of the hash per level. A
// write through Immer copies (and, when it finalizes, walks) four arrays of 16 pointers plus one
// small bucket and the node, whatever the size of the site; so does a read through a draft, which
// prepares a copy of each level on its way. (Two levels of 256 slots, snapshot version 3, made
// every write and draft read copy and walk 512 slots.) A bucket is a flat array of pairs
// [hash, node, hash, node, ...] of the nodes whose UIDs hash to it, in no particular order (about
// 15 a bucket at a million objects); `hash` is the whole 32-bit hash of the node's UID, so a lookup
// compares small integers in one array and reads only the node it finds. Until snapshot version 4
// a bucket was a record keyed by UID: V8 keeps such a record as a hash table of three words an
// entry at most half full (~56 bytes per node at a million objects, against ~17 for the pairs), and
// every UID was a property name besides. Snapshots store the buckets as they are (persistence/).
import type { ContentNode, NodeBucket, NodeLevel, NodeShards } from './model.ts';
import { isDraft } from 'immer';
import { stored } from './stored.ts';
import { FNV_OFFSET, fnvFrom } from '../lib/seeded-hash.ts';

/** Slots per level of the index. */
export const FANOUT = 16;
/** Levels of arrays above the buckets (allBuckets spells them out). */
export const DEPTH = 4;
/** Bits of the hash one level uses. */
export const BITS = 4;

/** FNV-1a over the UTF-16 code units: sequential or user-chosen keys still spread evenly. */
export const fnv = (key: string): number => fnvFrom(FNV_OFFSET, key);

/** The two shard keys (outer, inner) a key is stored under, as hex (the alias store's records). */
export function shardKeys(key: string): [string, string] {
  const h = fnv(key);
  return [((h >>> 8) & 0xff).toString(16), (h & 0xff).toString(16)];
}

/** The 16-bit bucket number of a UID (the bucket's slots, most significant digit first). */
export function bucketNumber(uid: string): number {
  return fnv(uid) & 0xffff;
}

/** The slots (one per level, top first) of the bucket a UID is stored under. */
export function nodeSlots(uid: string): number[] {
  return slotsOf(bucketNumber(uid));
}

/** The slots of bucket number `n`. */
export function slotsOf(n: number): number[] {
  const slots: number[] = [];
  for (let level = DEPTH - 1; level >= 0; level--) slots.push((n >>> (level * BITS)) & (FANOUT - 1));
  return slots;
}

/** An empty level of the index. */
export const emptyLevel = <T>(): (T | null)[] => new Array<T | null>(FANOUT).fill(null);

/** The bucket of bucket number `n`, if any. */
export function bucketAt(nodes: NodeShards, n: number): NodeBucket | undefined {
  let at: NodeLevel | NodeBucket | null | undefined = nodes;
  for (let level = DEPTH - 1; level >= 0 && at; level--) at = (at as NodeLevel)[(n >>> (level * BITS)) & (FANOUT - 1)];
  return at ? (at as NodeBucket) : undefined;
}

/** The bucket of bucket number `n`, made (with the levels above it) when missing (a draft, or an index being built). */
export function bucketFor(nodes: NodeShards, n: number): NodeBucket {
  let at: NodeLevel = nodes;
  for (let level = DEPTH - 1; level > 0; level--) {
    const slot = (n >>> (level * BITS)) & (FANOUT - 1);
    at = (at[slot] ??= emptyLevel<NodeLevel>() as NodeLevel) as NodeLevel;
  }
  return ((at[n & (FANOUT - 1)] as NodeBucket | null) ??= []);
}

/** Put `bucket` in place as bucket number `n` (an index being built: a snapshot read, a migration). */
export function setBucket(nodes: NodeShards, n: number, bucket: NodeBucket): void {
  let at: NodeLevel = nodes;
  for (let level = DEPTH - 1; level > 0; level--) {
    const slot = (n >>> (level * BITS)) & (FANOUT - 1);
    at = (at[slot] ??= emptyLevel<NodeLevel>() as NodeLevel) as NodeLevel;
  }
  at[n & (FANOUT - 1)] = bucket;
}

/**
 * The position of the node with UID `uid` in `bucket` (-1: none), `h` the UID's hash. A node of a
 * bucket that is a draft is read as stored (state/stored.ts): reading it through the draft would
 * make a draft of it (hashes are numbers: reading them makes none).
 */
export function indexIn(bucket: NodeBucket | null | undefined, uid: string, h = fnv(uid)): number {
  if (!bucket) return -1;
  const draft = isDraft(bucket);
  for (let i = 0; i < bucket.length; i += 2) {
    if (bucket[i] !== h) continue;
    const node = (draft ? stored(bucket, i + 1) : bucket[i + 1]) as ContentNode;
    if (node.uid === uid) return i + 1;
  }
  return -1;
}

/** The nodes of a bucket. */
export function* nodesIn(bucket: NodeBucket): Generator<ContentNode> {
  for (let i = 1; i < bucket.length; i += 2) yield bucket[i] as ContentNode;
}

/** A bucket of `nodes` (an index being built). */
export function bucketOf(nodes: readonly ContentNode[]): NodeBucket {
  const bucket: NodeBucket = new Array(nodes.length * 2);
  for (let i = 0; i < nodes.length; i++) {
    bucket[2 * i] = fnv(nodes[i].uid);
    bucket[2 * i + 1] = nodes[i];
  }
  return bucket;
}

export function getNode(state: { nodes: NodeShards }, uid: string): ContentNode | undefined {
  const h = fnv(uid);
  const bucket = bucketAt(state.nodes, h & 0xffff);
  const i = indexIn(bucket, uid, h);
  return i < 0 ? undefined : (bucket![i] as ContentNode);
}

/**
 * A node to read, never to change: inside a recipe, the levels and buckets on the way are read as
 * stored (state/stored.ts), so that the lookup makes no draft (Immer prepares a copy of every
 * level a read through a draft passes, and finalizes it). Outside a recipe: getNode.
 */
export function peekNode(state: { nodes: NodeShards }, uid: string): ContentNode | undefined {
  const h = fnv(uid);
  const n = h & 0xffff;
  let at: NodeLevel | NodeBucket | null | undefined = stored(state, 'nodes');
  for (let level = DEPTH - 1; level >= 0 && at; level--) at = stored(at as NodeLevel, (n >>> (level * BITS)) & (FANOUT - 1));
  if (!at) return undefined;
  const i = indexIn(at as NodeBucket, uid, h);
  return i < 0 ? undefined : (stored(at as NodeBucket, i) as ContentNode);
}

export function mustGetNode(state: { nodes: NodeShards }, uid: string): ContentNode {
  const node = getNode(state, uid);
  if (!node) throw new Error(`dangling UID ${uid}`);
  return node;
}

/** Draft mutator: insert or replace a node. */
export function putNode(draft: { nodes: NodeShards; nodeCount: number }, node: ContentNode): void {
  const h = fnv(node.uid);
  const bucket = bucketFor(draft.nodes, h & 0xffff);
  const i = indexIn(bucket, node.uid, h);
  if (i >= 0) bucket[i] = node;
  else {
    bucket.push(h, node);
    draft.nodeCount += 1;
  }
}

/**
 * Draft mutator: remove a node from the index (not from its parent); the bucket's last node takes
 * its place. That node is moved as a draft (read through the bucket's draft): a stored one put at
 * another place of a draft is handed back as it is, frozen, to a later write of the same recipe.
 */
export function dropNode(draft: { nodes: NodeShards; nodeCount: number }, uid: string): void {
  const h = fnv(uid);
  const bucket = bucketAt(draft.nodes, h & 0xffff);
  const i = indexIn(bucket, uid, h);
  if (i < 0) return;
  const last = bucket!.length - 1;
  if (i < last) {
    bucket![i - 1] = bucket![last - 1];
    bucket![i] = bucket![last];
  }
  bucket!.length = last - 1;
  draft.nodeCount -= 1;
}

/** Every bucket of the index with its bucket number, in bucket order. */
export function* allBuckets(nodes: NodeShards): Generator<[number, NodeBucket]> {
  // the four levels as plain loops (nested generators cost a frame per level for every bucket)
  for (let a = 0; a < nodes.length; a++) {
    const l1 = nodes[a] as NodeLevel | null;
    if (l1) for (let b = 0; b < l1.length; b++) {
      const l2 = l1[b] as NodeLevel | null;
      if (l2) for (let c = 0; c < l2.length; c++) {
        const l3 = l2[c] as NodeLevel | null;
        if (l3) for (let d = 0; d < l3.length; d++) {
          const bucket = l3[d] as NodeBucket | null;
          if (bucket) yield [(((((a << BITS) | b) << BITS) | c) << BITS) | d, bucket];
        }
      }
    }
  }
}

export function* allNodes(state: { nodes: NodeShards }): Generator<ContentNode> {
  for (const [, bucket] of allBuckets(state.nodes)) for (let i = 1; i < bucket.length; i += 2) yield bucket[i] as ContentNode;
}

/**
 * The buckets of the index by their upper 8 bits: for each number `a` with any bucket, the 256
 * buckets `a * 256 + b` (null: empty) — the lines of a snapshot (persistence/snapshot.ts).
 */
export function* bucketsBy256(nodes: NodeShards): Generator<[number, (NodeBucket | null)[]]> {
  let a = -1;
  let group: (NodeBucket | null)[] = [];
  for (const [n, bucket] of allBuckets(nodes)) {
    if (n >>> 8 !== a) {
      if (a >= 0) yield [a, group];
      a = n >>> 8;
      group = new Array<NodeBucket | null>(256).fill(null);
    }
    group[n & 0xff] = bucket;
  }
  if (a >= 0) yield [a, group];
}

/** A new index of `nodes` (for building a state outside a draft: migrations, snapshots). */
export function indexOf(nodes: Iterable<ContentNode>): NodeShards {
  const index: NodeShards = emptyLevel();
  const counter = { nodes: index, nodeCount: 0 };
  for (const node of nodes) putNode(counter, node);
  // buckets that grew one node at a time have room for more: copies of their exact size
  for (const [n, bucket] of [...allBuckets(index)]) setBucket(index, n, bucketOf([...nodesIn(bucket)]));
  return index;
}
