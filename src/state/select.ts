// Read-only selectors over the site state.
import type { ContentNode, SiteState } from './model.ts';
import { getNode, mustGetNode } from './nodes.ts';

export const rootOf = (state: SiteState): ContentNode => mustGetNode(state, state.rootUid);

/** Walk short ids from the root; undefined when a segment does not exist. */
export function traverse(state: SiteState, path: string[]): ContentNode | undefined {
  let node: ContentNode | undefined = rootOf(state);
  for (const id of path) {
    const uid: string | undefined = node.childIds[id];
    if (!uid || !Object.hasOwn(node.childIds, id)) return undefined;
    node = getNode(state, uid);
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
  return [...ancestors(state, node).slice(1).map((n) => n.id), node.id];
}

export function children(state: SiteState, node: ContentNode): ContentNode[] {
  return node.children.map((uid) => mustGetNode(state, uid));
}

export function* descendants(state: SiteState, node: ContentNode): Generator<ContentNode> {
  for (const uid of node.children) {
    const child = mustGetNode(state, uid);
    yield child;
    yield* descendants(state, child);
  }
}

export const isRoot = (state: SiteState, node: ContentNode) => node.uid === state.rootUid;
