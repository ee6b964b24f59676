// Which objects a commit touched, from its patches: `['nodes', ...slots, i, prop, ...]` (one slot
// per level of the UID index, then the node's place in its bucket, state/nodes.ts) names a node
// that was changed in place; shorter paths (a new level or bucket, a node put into or taken out of
// a bucket, a replaced index) are resolved by comparing those subtrees of the states before and
// after, which share every untouched part.
import type { Patch } from 'immer';
import type { SiteState } from '../state/model.ts';
import { DEPTH } from '../state/nodes.ts';
import { diffLevels, diffShards, nodeAt, subtree } from '../state/nodes-diff.ts';

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
