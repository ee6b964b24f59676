// Whether a decision made on one state about one object still holds on a later state, for
// decisions that read only the objects from the root down to it and the state's members beside
// the UID index (a create: the container and its ancestors, their local roles and workflow
// states, the types, users, groups and registry). The writes of a group commit into other folders
// change neither: the group's later writes need not be decided again (dispatch.ts).
import type { ContentNode, SiteState } from './model.ts';
import { getNode } from './nodes.ts';

/** Members of the state that any new object changes: the UID index and its counters. */
const INDEX = new Set(['nodes', 'nodeCount', 'nextIntid']);

/** Whether `a` and `b` hold the same objects under every member but INDEX. */
function sameBesideIndex(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  for (const key in a) if (Object.hasOwn(a, key) && !INDEX.has(key) && a[key] !== b[key]) return false;
  for (const key in b) if (Object.hasOwn(b, key) && !INDEX.has(key) && !Object.hasOwn(a, key)) return false;
  return true;
}

/**
 * Whether `after` holds, as the same objects, what a decision on `before` about `node` (an object
 * of `before`) read when it reads only the nodes from the root down to `node` and the members of
 * the state other than the UID index and its counters.
 */
export function samePath(before: SiteState, after: SiteState, node: ContentNode): boolean {
  if (before === after) return true;
  if (!sameBesideIndex(before as unknown as Record<string, unknown>, after as unknown as Record<string, unknown>)) return false;
  let n: ContentNode | undefined = node;
  while (n && getNode(after, n.uid) === n) {
    if (n.parent === null) return true;
    n = getNode(before, n.parent);
  }
  return false;
}
