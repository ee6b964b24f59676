// Draft mutators for the shape of the tree. Each keeps the invariants: a node's parent lists it
// among its children under its id, ids are unique per container, the UID index holds exactly the
// nodes reachable from the root.
import type { ContentNode, SiteState } from './model.ts';
import { childUids, hasChild, insertChild, moveChildTo, removeChild, renameChildId } from './children.ts';
import { dropNode, getNode, mustGetNode, putNode } from './nodes.ts';

export function addChild(draft: SiteState, parentUid: string, node: ContentNode): void {
  const parent = mustGetNode(draft, parentUid);
  if (hasChild(parent, node.id)) throw new Error(`id ${node.id} taken in ${parentUid}`);
  insertChild(parent, node.id, node.uid);
  putNode(draft, { ...node, parent: parentUid });
}

export function removeSubtree(draft: SiteState, uid: string): void {
  const node = mustGetNode(draft, uid);
  if (node.parent !== null) removeChild(mustGetNode(draft, node.parent), node.id);
  const copies = workingCopyBaselines(draft);
  const stack = [uid];
  while (stack.length) {
    const current = stack.pop()!;
    const n = getNode(draft, current);
    if (!n) continue;
    for (const child of childUids(n)) stack.push(child);
    dropNode(draft, current);
    const baseline = copies?.get(current);
    if (baseline !== undefined) endCheckOut(draft, baseline);
  }
}

/** Working copy UID -> baseline UID, when anything is checked out. */
function workingCopyBaselines(state: SiteState): Map<string, string> | undefined {
  const links = state.workingCopies;
  if (!links || !Object.keys(links).length) return undefined;
  return new Map(Object.entries(links).map(([baseline, link]) => [link.uid, baseline]));
}

/** A removed working copy ends its check-out: the link goes and the baseline's check-out lock is lifted. */
function endCheckOut(draft: SiteState, baselineUid: string): void {
  delete draft.workingCopies![baselineUid];
  const baseline = getNode(draft, baselineUid);
  if (baseline?.lock?.type === 'iterate.lock') delete baseline.lock;
}

/** Move child `uid` to position `to` (clamped) among its siblings. */
export function reorderChild(draft: SiteState, uid: string, to: number): void {
  const node = mustGetNode(draft, uid);
  if (node.parent === null) return;
  moveChildTo(mustGetNode(draft, node.parent), node.id, to);
}

export function renameChild(draft: SiteState, uid: string, newId: string): void {
  const node = mustGetNode(draft, uid);
  if (node.parent === null || node.id === newId) return;
  const parent = mustGetNode(draft, node.parent);
  if (hasChild(parent, newId)) throw new Error(`id ${newId} taken`);
  renameChildId(parent, node.id, newId);
  node.id = newId;
}

/** Move `uid` to the end of `destUid`'s children under `newId` (free there). */
export function moveChild(draft: SiteState, uid: string, destUid: string, newId: string): void {
  const node = mustGetNode(draft, uid);
  if (node.parent === null) throw new Error('the root cannot move');
  const dest = mustGetNode(draft, destUid);
  if (hasChild(dest, newId)) throw new Error(`id ${newId} taken in ${destUid}`);
  removeChild(mustGetNode(draft, node.parent), node.id);
  node.id = newId;
  node.parent = destUid;
  insertChild(dest, newId, uid);
}
