// Draft mutators for copy and move. A copy is a new subtree (new UIDs and intids, initial
// workflow state, no lock, a fresh version history); a move keeps the node (UID, history,
// versions) and records automatic aliases for the old paths.
import { isDraft, original, type Draft } from 'immer';
import type { ApiRequest } from '../../http/types.ts';
import type { ContentNode, SiteState } from '../../state/model.ts';
import { childUids } from '../../state/children.ts';
import { getNode, mustGetNode } from '../../state/nodes.ts';
import { pathOf } from '../../state/select.ts';
import { addChild, moveChild } from '../../state/tree.ts';
import { WORKFLOWS } from '../../workflow/definitions.ts';
import { recordMove, releasePath, pathString } from '../aliases/store.ts';
import { recordVersion } from '../history/versions.ts';
import { pasteId } from './plan.ts';
import { own } from '../../lib/records.ts';

function fresh(state: SiteState, src: ContentNode, req: ApiRequest, parent: string, id: string): ContentNode {
  const workflowId = own(state.types, src.type)?.workflow;
  const workflow = workflowId ? WORKFLOWS[workflowId] : undefined;
  const actor = req.principal.id ?? 'Anonymous User';
  const { lock: _lock, versions: _versions, children: _children, ...rest } = src;
  return {
    ...rest,
    uid: req.newUid(),
    intid: state.nextIntid++,
    id,
    parent,
    created: req.now,
    modified: req.now,
    reviewState: workflow?.initial ?? null,
    workflowHistory: workflow ? [{ action: null, actor, comments: '', review_state: workflow.initial, time: req.now }] : [],
  };
}

/** Copy the subtree of `sourceUid` (as it was before this commit) into `destUid`; returns the new UID. */
export function copySubtree(draft: Draft<SiteState>, req: ApiRequest, sourceUid: string, destUid: string): string {
  const state = draft as SiteState;
  const base = isDraft(draft) ? (original(draft) as SiteState) : state;
  const read = (uid: string) => getNode(base, uid) ?? mustGetNode(state, uid);
  const source = read(sourceUid);
  const dest = mustGetNode(state, destUid);
  const top = fresh(state, source, req, destUid, pasteId(dest, source.id));
  addChild(state, destUid, top);
  const created: ContentNode[] = [top];
  const queue: [ContentNode, ContentNode][] = [[source, top]];
  for (let i = 0; i < queue.length; i++) {
    const [from, to] = queue[i];
    for (const childUid of childUids(from)) {
      const child = read(childUid);
      const copy = fresh(state, child, req, to.uid, child.id);
      addChild(state, to.uid, copy);
      created.push(copy);
      queue.push([child, copy]);
    }
  }
  for (const node of created) recordVersion(draft, node.uid, req);
  releaseSubtree(draft, top.uid);
  return top.uid;
}

/** Drop aliases on every path of a subtree that now holds an object. */
function releaseSubtree(draft: Draft<SiteState>, uid: string): void {
  const state = draft as SiteState;
  const stack: [string, string[]][] = [[uid, pathOf(state, mustGetNode(state, uid))]];
  while (stack.length) {
    const [current, path] = stack.pop()!;
    releasePath(draft, pathString(path));
    const node = mustGetNode(state, current);
    for (const child of childUids(node)) stack.push([child, [...path, mustGetNode(state, child).id]]);
  }
}

/** Move `uid` into `destUid` (at the end; a move within the same container changes nothing). */
export function moveNode(draft: Draft<SiteState>, req: ApiRequest, uid: string, destUid: string): void {
  const state = draft as SiteState;
  const node = mustGetNode(state, uid);
  if (node.parent === null || node.parent === destUid) return;
  const oldPath = pathOf(state, node);
  moveChild(state, uid, destUid, pasteId(mustGetNode(state, destUid), node.id));
  recordMove(draft, uid, oldPath, req.now);
}
