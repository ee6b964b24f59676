// Which objects a commit touched, from its patches: `['nodes', ...slots, i, prop, ...]` (one slot
// per level of the UID index, then the node's place in its bucket, state/nodes.ts) names a node
// that was changed in place; shorter paths (a new level or bucket, a node put into or taken out of
// a bucket, a replaced index) are resolved by comparing those subtrees of the states before and
// after, which share every untouched part.
import type { Patch } from 'immer';
import type { ContentNode, SiteState } from '../state/model.ts';
import { DEPTH, getNode } from '../state/nodes.ts';
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

/** Whether two paths below `nodes` go through the same slots down to `upTo` (by default: the same place in the same bucket). */
function samePlace(a: readonly (string | number)[], b: readonly (string | number)[], upTo = DEPTH + 1): boolean {
  for (let i = 1; i <= upTo; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The node a patch adds at the end of a bucket (`['nodes', ...slots, i]`), if it is one. */
function addedNode(p: Patch): ContentNode | undefined {
  if (p.op !== 'add' || p.path.length !== DEPTH + 2) return undefined;
  const v = p.value as ContentNode | null | undefined;
  return typeof v === 'object' && v !== null && typeof v.uid === 'string' && typeof v.intid === 'number' ? v : undefined;
}

/**
 * `addedOnly`: a node a patch adds to a bucket (a new object: most writes) is taken from the
 * patch, the bucket not compared (the node's hash added just before it, neither); any other change
 * of the bucket comes with patches of its own. Off (tests): every such patch compares the bucket.
 */
export function touchedBy(before: SiteState, after: SiteState, patches: Patch[], addedOnly = true): Touched {
  const t: Touched = { nodes: new Map(), defaultPages: new Set(), types: false };
  // the node of the last in-place path: a write's patches come in runs on one node (a folder's
  // children structure: about ten), and the node a path names depends on the path alone
  let lastPath: readonly (string | number)[] | undefined;
  let lastUid: string | undefined;
  // the last path whose subtree (its slots, down to the bucket at most) was compared
  let lastDiff: readonly (string | number)[] | undefined;
  for (let k = 0; k < patches.length; k++) {
    const p = patches[k];
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
    let uid: string | undefined;
    if (path.length > DEPTH + 2) {
      if (lastPath && samePlace(lastPath, path)) uid = lastUid;
      else {
        uid = nodeAt(after.nodes, path);
        lastPath = path;
        lastUid = uid;
      }
    }
    if (uid === undefined && addedOnly && path.length === DEPTH + 2 && p.op === 'add') {
      const node = addedNode(p);
      if (node) {
        // the same object as before (moved in its bucket): nothing of it changed
        if (getNode(before, node.uid) !== node) mark(t, node.uid, true);
        continue;
      }
      // the hash of the node the next patch adds right after it
      const next = patches[k + 1];
      if (typeof p.value === 'number' && next && addedNode(next) && samePlace(path, next.path, DEPTH) && next.path[DEPTH + 1] === (path[DEPTH + 1] as number) + 1) continue;
    }
    if (uid === undefined) {
      // a level or bucket added, removed or replaced, a node put or dropped: compare that subtree
      // a node put into a bucket comes as two patches (its hash, then the node): one comparison
      const levels = Math.min(path.length - 1, DEPTH);
      if (lastDiff && Math.min(lastDiff.length - 1, DEPTH) === levels && samePlace(lastDiff, path, levels)) continue;
      lastDiff = path;
      const slots = path.slice(1, levels + 1);
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
