// The UID index: nodes in 256 x 256 buckets chosen by two bytes of a hash of the UID. The two
// upper levels are arrays of 256 slots (null: empty), so that a write through Immer copies two
// arrays of pointers (a few hundred nanoseconds) plus one small bucket and the node, whatever the
// size of the site; a bucket is a null-prototype record keyed by UID (src/lib/records.ts).
import type { ContentNode, NodeBucket, NodeShards, SiteState } from './model.ts';
import { emptyRecord, own } from '../lib/records.ts';

/** Slots per level of the index. */
export const FANOUT = 256;

/** FNV-1a over the UTF-16 code units: sequential or user-chosen keys still spread evenly. */
function fnv(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h;
}

/** The two shard keys (outer, inner) a key is stored under, as hex (the alias store's records). */
export function shardKeys(key: string): [string, string] {
  const h = fnv(key);
  return [((h >>> 8) & 0xff).toString(16), (h & 0xff).toString(16)];
}

/** The two slots (outer, inner) of the UID index a UID is stored under. */
export function nodeSlots(uid: string): [number, number] {
  const h = fnv(uid);
  return [(h >>> 8) & 0xff, h & 0xff];
}

/** An empty level of the index. */
export const emptyLevel = <T>(): (T | null)[] => new Array<T | null>(FANOUT).fill(null);

export function getNode(state: { nodes: NodeShards }, uid: string): ContentNode | undefined {
  const [a, b] = nodeSlots(uid);
  return own(state.nodes[a]?.[b], uid);
}

export function mustGetNode(state: { nodes: NodeShards }, uid: string): ContentNode {
  const node = getNode(state, uid);
  if (!node) throw new Error(`dangling UID ${uid}`);
  return node;
}

/** Draft mutator: insert or replace a node. */
export function putNode(draft: SiteState, node: ContentNode): void {
  const [a, b] = nodeSlots(node.uid);
  const outer = (draft.nodes[a] ??= emptyLevel<NodeBucket>());
  const inner = (outer[b] ??= emptyRecord<ContentNode>());
  if (!Object.hasOwn(inner, node.uid)) draft.nodeCount += 1;
  inner[node.uid] = node;
}

/** Draft mutator: remove a node from the index (not from its parent). */
export function dropNode(draft: SiteState, uid: string): void {
  const [a, b] = nodeSlots(uid);
  const inner = draft.nodes[a]?.[b];
  if (inner && Object.hasOwn(inner, uid)) {
    delete inner[uid];
    draft.nodeCount -= 1;
  }
}

/** Every bucket of the index with its slots. */
export function* allBuckets(nodes: NodeShards): Generator<[number, number, NodeBucket]> {
  for (let a = 0; a < nodes.length; a++) {
    const outer = nodes[a];
    if (outer) for (let b = 0; b < outer.length; b++) if (outer[b]) yield [a, b, outer[b]!];
  }
}

export function* allNodes(state: { nodes: NodeShards }): Generator<ContentNode> {
  for (const [, , bucket] of allBuckets(state.nodes)) yield* Object.values(bucket);
}
