// Site data in the shapes of earlier versions, brought to today's shape after it is read (and after
// any journal written in the same shape has been replayed onto it). Snapshot version 1:
// - the UID index was records keyed by hex shard keys; since version 2 it is arrays of slots
//   (state/nodes.ts);
// - a folder's children were `children: string[]` (UIDs in order) plus `childIds: Record<id, uid>`;
//   since version 2 they are one `Children` record (state/children.ts).
// Snapshot version 2: that record had one level of chunks (`order`, `keys`, `sizes` of its own);
// since version 3 the chunks are in groups (state/children.ts).
// Snapshot versions 2 and 3: the UID index was two levels of arrays of 256 slots; since version 4
// it is four levels of 16 (state/nodes.ts).
// Snapshot versions 1 to 4: a bucket of the UID index was a record of nodes by UID; since version 5
// it is an array of nodes (state/nodes.ts).
// Children records made before their trie hash had a seed (no `k`, state/children.ts) are made
// again, seeded, with the same children in the same order.
import { childEntries, emptyChildren, insertChild } from '../state/children.ts';
import type { ContentNode, SiteState } from '../state/model.ts';
import { allBuckets, FANOUT, indexOf, nodesIn } from '../state/nodes.ts';

interface OldShape {
  children?: unknown;
  childIds?: unknown;
}

/** A children record of version 2: chunks of [uid, id] pairs in one list. */
interface OneLevel {
  order: string[][];
}
const isOneLevel = (children: unknown): children is OneLevel => typeof children === 'object' && children !== null && Array.isArray((children as OneLevel).order);

/** The index of versions 1 to 3: two levels (records by hex keys, or arrays of 256) above the buckets. */
type OldShards = Record<string, Record<string, Record<string, ContentNode> | null> | null>;

/** The nodes of an index of four levels, whose buckets are arrays or (until version 4) records by UID. */
function* nodesOf(state: SiteState): Generator<ContentNode> {
  for (const [, bucket] of allBuckets(state.nodes)) yield* Array.isArray(bucket) ? nodesIn(bucket) : Object.values(bucket as Record<string, ContentNode>);
}

/** `state` in today's shape (the same object when it already is), and whether anything changed. */
export function migrateState(state: SiteState): { state: SiteState; migrated: boolean } {
  const twoLevels = !Array.isArray(state.nodes) || state.nodes.length !== FANOUT;
  const first = twoLevels ? undefined : allBuckets(state.nodes).next().value;
  const oldIndex = twoLevels || (first !== undefined && !Array.isArray(first[1]));
  const unseeded = (node: ContentNode) => !!node.children && !Array.isArray(node.children) && !isOneLevel(node.children) && node.children.k === undefined;
  const isOld = (node: ContentNode) => Array.isArray((node as OldShape).children) || (node as OldShape).childIds !== undefined || isOneLevel(node.children);
  if (!oldIndex) {
    let old = false;
    for (const node of nodesOf(state)) if ((old = isOld(node) || unseeded(node))) break;
    if (!old) return { state, migrated: false };
  }
  // one node at a time: a spread of every node (push(...)) overflows the stack at a million
  const all: ContentNode[] = [];
  if (twoLevels) {
    for (const outer of Object.values(state.nodes as unknown as OldShards)) if (outer) for (const inner of Object.values(outer)) if (inner) for (const node of Object.values(inner)) all.push(node);
  } else for (const node of nodesOf(state)) all.push(node);

  const byUid = new Map<string, ContentNode>();
  const pending = new Map<ContentNode, string[]>();
  for (const node of all) {
    let next = node;
    if (isOneLevel(node.children)) {
      // the same pairs in the same order, in today's record
      next = { ...node, children: emptyChildren() };
      for (const chunk of node.children.order) for (let i = 0; i < chunk.length; i += 2) insertChild(next, chunk[i + 1], chunk[i]);
    } else if (unseeded(node)) {
      next = { ...node, children: emptyChildren() };
      for (const [id, uid] of childEntries(node)) insertChild(next, id, uid);
    } else if (isOld(node)) {
      const { children, childIds: _ids, ...rest } = node as ContentNode & OldShape;
      next = rest as ContentNode;
      if (Array.isArray(children) && children.length) pending.set(next, children as string[]);
    }
    byUid.set(next.uid, next);
  }
  // a child's id is the id of the child node (childIds only mirrored it)
  for (const [node, uids] of pending) {
    for (const uid of uids) {
      const child = byUid.get(uid);
      if (child) insertChild(node, child.id, uid);
    }
  }
  return { state: { ...state, nodes: indexOf(byUid.values()) }, migrated: true };
}
