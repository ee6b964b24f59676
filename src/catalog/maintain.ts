// Which objects a commit touched, from its patches: `['nodes', ...slots, i, prop, ...]` (one slot
// per level of the UID index, then the node's place in its bucket, state/nodes.ts) names a node
// that was changed in place; shorter paths (a new level or bucket, a node put into or taken out of
// a bucket, a replaced index) are resolved by comparing those subtrees of the states before and
// after, which share every untouched part.
import type { Patch } from 'immer';
import type { NodeBucket, NodeLevel, NodeShards, SiteState } from '../state/model.ts';
import { DEPTH, nodesIn } from '../state/nodes.ts';

/** Node properties no index depends on. */
const IRRELEVANT = new Set(['children', 'lock', 'workflowHistory', 'versions']);

export interface Touched {
  /** uid -> whether its searchable text may have changed */
  nodes: Map<string, boolean>;
  /** containers whose default page changed (their children's is_default_page) */
  defaultPages: Set<string>;
  /** content types were edited (titles, folderish, workflows) */
  types: boolean;
}

function mark(t: Touched, uid: string, text: boolean): void {
  t.nodes.set(uid, (t.nodes.get(uid) ?? false) || text);
}

/** UIDs whose node object differs between two subtrees `depth` levels above the buckets (identity comparison). */
function diffLevels(before: NodeLevel | NodeBucket | null | undefined, after: NodeLevel | NodeBucket | null | undefined, depth: number, out: (uid: string) => void): void {
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
function subtree(nodes: NodeShards, slots: readonly (string | number)[]): NodeLevel | NodeBucket | undefined {
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

/**
 * Whether a change of the content types reaches the indexes: only titles (Type), folderishness,
 * behaviors (object_provides) and workflows (security) do. Others — global_allow, allowed types,
 * views, schema fields — leave every entry as it was, so the catalog need not re-index the site.
 */
export function typesIndexedDiffer(before: SiteState['types'], after: SiteState['types']): boolean {
  if (before === after) return false;
  const ids = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const id of ids) {
    const b = Object.hasOwn(before, id) ? before[id] : undefined;
    const a = Object.hasOwn(after, id) ? after[id] : undefined;
    if (b === a) continue;
    if (!b || !a || b.title !== a.title || b.folderish !== a.folderish || b.workflow !== a.workflow) return true;
    if (b.behaviors !== a.behaviors && b.behaviors.join('\u0000') !== a.behaviors.join('\u0000')) return true;
  }
  return false;
}

export function touchedBy(before: SiteState, after: SiteState, patches: Patch[]): Touched {
  const t: Touched = { nodes: new Map(), defaultPages: new Set(), types: false };
  for (const p of patches) {
    const path = p.path;
    if (path.length === 0) {
      // Store.replace (restore, reset, checkpoint): the whole state; compare the shards.
      t.types ||= before.types !== after.types;
      diffShards(before.nodes, after.nodes, (uid) => mark(t, uid, true));
      continue;
    }
    if (path[0] === 'types') {
      t.types = true;
      continue;
    }
    if (path[0] !== 'nodes') continue;
    // a node changed in place: the node at its place in the bucket after the commit
    const uid = path.length > DEPTH + 2 ? nodeAt(after.nodes, path) : undefined;
    if (uid === undefined) {
      // a level or bucket added, removed or replaced, a node put or dropped: compare that subtree
      const slots = path.slice(1, DEPTH + 1);
      diffLevels(subtree(before.nodes, slots), subtree(after.nodes, slots), DEPTH - slots.length, (uid) => mark(t, uid, true));
      continue;
    }
    const prop = String(path[DEPTH + 2]);
    if (IRRELEVANT.has(prop)) continue;
    if (prop === 'fields' && path[DEPTH + 3] === 'default_page') t.defaultPages.add(uid);
    mark(t, uid, prop === 'fields' || prop === 'id');
  }
  return t;
}
