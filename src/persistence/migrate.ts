// Site data in the shapes of earlier versions, brought to today's shape after it is read (and after
// any journal written in the same shape has been replayed onto it).
//   snapshot version 1: a folder's children were `children: string[]` (UIDs in order) plus
//   `childIds: Record<id, uid>`; since version 2 they are one `Children` record (state/children.ts).
import { insertChild } from '../state/children.ts';
import { emptyRecord } from '../lib/records.ts';
import type { ContentNode, NodeShards, SiteState } from '../state/model.ts';

interface OldShape {
  children?: unknown;
  childIds?: unknown;
}

/** `state` in today's shape (the same object when it already is), and whether anything changed. */
export function migrateState(state: SiteState): { state: SiteState; migrated: boolean } {
  const pending = new Map<ContentNode, string[]>();
  const byUid = new Map<string, ContentNode>();
  const nodes: NodeShards = emptyRecord();
  let migrated = false;
  for (const [a, outer] of Object.entries(state.nodes)) {
    nodes[a] = emptyRecord();
    for (const [b, inner] of Object.entries(outer)) {
      nodes[a][b] = emptyRecord();
      for (const [uid, node] of Object.entries(inner)) {
        let next = node;
        const old = node as ContentNode & OldShape;
        if (Array.isArray(old.children) || old.childIds !== undefined) {
          const { children, childIds: _ids, ...rest } = old;
          next = rest as ContentNode;
          migrated = true;
          if (Array.isArray(children) && children.length) pending.set(next, children as string[]);
        }
        nodes[a][b][uid] = next;
        byUid.set(uid, next);
      }
    }
  }
  if (!migrated) return { state, migrated };
  // a child's id is the id of the child node (childIds only mirrored it)
  for (const [node, uids] of pending) {
    for (const uid of uids) {
      const child = byUid.get(uid);
      if (child) insertChild(node, child.id, uid);
    }
  }
  return { state: { ...state, nodes }, migrated };
}
