// Reading what changed in the UID index (state/nodes.ts) between two states that share every
// untouched part: the nodes of two subtrees compared by identity, and the node a patch path
// `['nodes', ...slots, i, ...]` names. The catalog and the change feed both read commits so.
import type { NodeBucket, NodeLevel, NodeShards } from './model.ts';
import { DEPTH, nodesIn } from './nodes.ts';

/** UIDs whose node object differs between two subtrees `depth` levels above the buckets (identity comparison). */
export function diffLevels(before: NodeLevel | NodeBucket | null | undefined, after: NodeLevel | NodeBucket | null | undefined, depth: number, out: (uid: string) => void): void {
  if (before === after) return;
  if (depth === 0) {
    const b = before ? [...nodesIn(before as NodeBucket)] : [];
    const a = after ? [...nodesIn(after as NodeBucket)] : [];
    // a bucket holds a few nodes (about 15 at a million): compared pairwise
    for (const node of b) if (!a.includes(node)) out(node.uid);
    for (const node of a) if (!b.includes(node) && !b.some((old) => old.uid === node.uid)) out(node.uid);
    return;
  }
  const bl = before as NodeLevel | null | undefined;
  const al = after as NodeLevel | null | undefined;
  const slots = Math.max(bl?.length ?? 0, al?.length ?? 0);
  for (let s = 0; s < slots; s++) diffLevels(bl?.[s], al?.[s], depth - 1, out);
}

/** UIDs whose node object differs between two UID indexes (identity comparison). */
export function diffShards(before: NodeShards | undefined, after: NodeShards | undefined, out: (uid: string) => void): void {
  diffLevels(before, after, DEPTH, out);
}

/** The subtree of the UID index at `slots` (a path below `nodes`), if any. */
export function subtree(nodes: NodeShards, slots: readonly (string | number)[]): NodeLevel | NodeBucket | undefined {
  let at: NodeLevel | NodeBucket | null | undefined = nodes;
  for (const slot of slots) at = at ? (at as NodeLevel)[Number(slot)] : undefined;
  return at ?? undefined;
}

/** The UID of the node a patch path `['nodes', ...slots, i, ...]` reaches in `nodes`, if any. */
export function nodeAt(nodes: NodeShards, path: readonly (string | number)[]): string | undefined {
  const bucket = subtree(nodes, path.slice(1, DEPTH + 1)) as NodeBucket | undefined;
  const i = path[DEPTH + 1];
  const node = Array.isArray(bucket) && typeof i === 'number' ? bucket[i] : undefined;
  return typeof node === 'object' ? node.uid : undefined;
}
