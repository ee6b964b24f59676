// The UID index: nodes sharded two levels deep by a hash of the UID, so that a write through
// Immer copies at most two maps of <=256 keys plus the node, whatever the size of the site.
import type { ContentNode, NodeShards, SiteState } from './model.ts';
import { emptyRecord, own } from '../lib/records.ts';

/** The two shard keys (outer, inner) a UID is stored under. */
export function shardKeys(uid: string): [string, string] {
  // FNV-1a over the UID: sequential or user-chosen UIDs still spread evenly.
  let h = 0x811c9dc5;
  for (let i = 0; i < uid.length; i++) {
    h ^= uid.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return [((h >>> 8) & 0xff).toString(16), (h & 0xff).toString(16)];
}

export function getNode(state: { nodes: NodeShards }, uid: string): ContentNode | undefined {
  const [a, b] = shardKeys(uid);
  return own(own(own(state.nodes, a), b), uid);
}

export function mustGetNode(state: { nodes: NodeShards }, uid: string): ContentNode {
  const node = getNode(state, uid);
  if (!node) throw new Error(`dangling UID ${uid}`);
  return node;
}

/** Draft mutator: insert or replace a node. */
export function putNode(draft: SiteState, node: ContentNode): void {
  const [a, b] = shardKeys(node.uid);
  const outer = (draft.nodes[a] ??= emptyRecord());
  const inner = (outer[b] ??= emptyRecord());
  if (!Object.hasOwn(inner, node.uid)) draft.nodeCount += 1;
  inner[node.uid] = node;
}

/** Draft mutator: remove a node from the index (not from its parent). */
export function dropNode(draft: SiteState, uid: string): void {
  const [a, b] = shardKeys(uid);
  const inner = own(own(draft.nodes, a), b);
  if (inner && Object.hasOwn(inner, uid)) {
    delete inner[uid];
    draft.nodeCount -= 1;
  }
}

export function* allNodes(state: { nodes: NodeShards }): Generator<ContentNode> {
  for (const outer of Object.values(state.nodes)) {
    for (const inner of Object.values(outer)) yield* Object.values(inner);
  }
}
