// Draft mutators for the shape of the tree. Each keeps the invariants: a node's parent lists it
// in `children` and `childIds`, ids are unique per container, the UID index holds exactly the
// nodes reachable from the root.
import type { ContentNode, SiteState } from './model.ts';
import { dropNode, getNode, mustGetNode, putNode } from './nodes.ts';

export function addChild(draft: SiteState, parentUid: string, node: ContentNode): void {
  const parent = mustGetNode(draft, parentUid);
  if (Object.hasOwn(parent.childIds, node.id)) throw new Error(`id ${node.id} taken in ${parentUid}`);
  parent.children.push(node.uid);
  parent.childIds[node.id] = node.uid;
  putNode(draft, { ...node, parent: parentUid });
}

export function removeSubtree(draft: SiteState, uid: string): void {
  const node = mustGetNode(draft, uid);
  if (node.parent !== null) {
    const parent = mustGetNode(draft, node.parent);
    const at = parent.children.indexOf(uid);
    if (at !== -1) parent.children.splice(at, 1);
    delete parent.childIds[node.id];
  }
  const copies = workingCopyBaselines(draft);
  const stack = [uid];
  while (stack.length) {
    const current = stack.pop()!;
    const n = getNode(draft, current);
    if (!n) continue;
    stack.push(...n.children);
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
  const parent = mustGetNode(draft, node.parent);
  const from = parent.children.indexOf(uid);
  const target = Math.max(0, Math.min(parent.children.length - 1, to));
  if (from === -1 || from === target) return;
  parent.children.splice(from, 1);
  parent.children.splice(target, 0, uid);
}

export function renameChild(draft: SiteState, uid: string, newId: string): void {
  const node = mustGetNode(draft, uid);
  if (node.parent === null || node.id === newId) return;
  const parent = mustGetNode(draft, node.parent);
  if (Object.hasOwn(parent.childIds, newId)) throw new Error(`id ${newId} taken`);
  delete parent.childIds[node.id];
  parent.childIds[newId] = uid;
  node.id = newId;
}

/** Move `uid` to the end of `destUid`'s children under `newId` (free there). */
export function moveChild(draft: SiteState, uid: string, destUid: string, newId: string): void {
  const node = mustGetNode(draft, uid);
  if (node.parent === null) throw new Error('the root cannot move');
  const dest = mustGetNode(draft, destUid);
  if (Object.hasOwn(dest.childIds, newId)) throw new Error(`id ${newId} taken in ${destUid}`);
  const from = mustGetNode(draft, node.parent);
  const at = from.children.indexOf(uid);
  if (at !== -1) from.children.splice(at, 1);
  delete from.childIds[node.id];
  node.id = newId;
  node.parent = destUid;
  dest.children.push(uid);
  dest.childIds[newId] = uid;
}
