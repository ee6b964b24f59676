// Read-only selectors over the site state.
import type { ContentNode, SiteState } from './model.ts';
import { childUid, childUids } from './children.ts';
import { getNode, mustGetNode, peekNode } from './nodes.ts';

export const rootOf = (state: SiteState): ContentNode => mustGetNode(state, state.rootUid);

/** Walk short ids from the root; undefined when a segment does not exist. */
export function traverse(state: SiteState, path: string[]): ContentNode | undefined {
  let node: ContentNode | undefined = rootOf(state);
  for (const id of path) {
    node = childNamed(state, node, id);
    if (!node) return undefined;
  }
  return node;
}

/** Ancestors from the root down to the parent of `node`. */
export function ancestors(state: SiteState, node: ContentNode): ContentNode[] {
  const chain: ContentNode[] = [];
  let current = node.parent === null ? undefined : getNode(state, node.parent);
  while (current) {
    chain.push(current);
    current = current.parent === null ? undefined : getNode(state, current.parent);
  }
  return chain.reverse();
}

/** Short-id path below the site root. */
export function pathOf(state: SiteState, node: ContentNode): string[] {
  if (node.parent === null) return [];
  // ids only: inside a recipe, ancestors are read without drafting them (peekNode)
  const ids = [node.id];
  for (let up = peekNode(state, node.parent); up && up.parent !== null; up = peekNode(state, up.parent)) ids.push(up.id);
  return ids.reverse();
}

/** The children of `node`, in order (linear in their number: for listings that show them all). */
export function children(state: SiteState, node: ContentNode): ContentNode[] {
  const out: ContentNode[] = [];
  for (const uid of childUids(node)) out.push(mustGetNode(state, uid));
  return out;
}

/** The child of `node` with short id `id`, if any (any string may be asked for). */
export function childNamed(state: SiteState, node: ContentNode, id: string): ContentNode | undefined {
  const uid = childUid(node, id);
  return uid === undefined ? undefined : getNode(state, uid);
}

export function* descendants(state: SiteState, node: ContentNode): Generator<ContentNode> {
  for (const uid of childUids(node)) {
    const child = mustGetNode(state, uid);
    yield child;
    yield* descendants(state, child);
  }
}

export const isRoot = (state: SiteState, node: ContentNode) => node.uid === state.rootUid;
