// The navigation root of an object (supplement 21): the nearest ancestor-or-self marked as one
// (a type with the `cms.navigationroot` behavior), else the site root.
import type { ContentNode, SiteState } from '../state/model.ts';
import { getNode } from '../state/nodes.ts';
import { rootOf } from '../state/select.ts';
import { own } from '../lib/records.ts';

export const isNavigationRoot = (state: SiteState, node: ContentNode): boolean =>
  node.parent === null || !!own(state.types, node.type)?.behaviors.includes('cms.navigationroot');

export function navigationRoot(state: SiteState, node: ContentNode): ContentNode {
  let current: ContentNode | undefined = node;
  while (current) {
    if (isNavigationRoot(state, current)) return current;
    current = current.parent === null ? undefined : getNode(state, current.parent);
  }
  return rootOf(state);
}
