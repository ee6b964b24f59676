// What navigation listings show (supplement 31.1-31.3): navigation titles and the item filter
// shared by @navigation and @contextnavigation.
import type { Principal } from '../auth/principal.ts';
import { activeAt, isListed } from '../auth/publication.ts';
import type { ContentNode, SiteState } from '../state/model.ts';
import { registryValue } from '../domain/registry-value.ts';

export const DISPLAYED_TYPES = ['Link', 'News Item', 'Folder', 'Document', 'Event', 'Collection'];

/** `nav_title` when set, else the title, else the short id. */
export function navTitle(node: ContentNode): string {
  const nav = node.fields.nav_title;
  if (typeof nav === 'string' && nav) return nav;
  const title = node.fields.title;
  return typeof title === 'string' && title ? title : node.id;
}

/** The object is the default page of its folder (a `default_page` naming it on the parent). */
export function isDefaultPage(parent: ContentNode | undefined, node: ContentNode): boolean {
  return !!parent && typeof parent.fields.default_page === 'string' && parent.fields.default_page === node.id;
}

export interface NavFilter {
  displayedTypes: string[];
  nonfolderishTabs: boolean;
  filterOnWorkflow: boolean;
  workflowStates: string[];
  showExcluded: boolean;
  /** Publication-window moment for this caller (undefined: inactive content is shown). */
  activeAt: number | undefined;
}

export function navFilter(state: SiteState, principal: Principal, now: string): NavFilter {
  return {
    activeAt: activeAt(state, principal, now),
    displayedTypes: registryValue(state, 'plone.displayed_types', DISPLAYED_TYPES),
    nonfolderishTabs: registryValue(state, 'plone.nonfolderish_tabs', true),
    filterOnWorkflow: registryValue(state, 'plone.filter_on_workflow', false),
    workflowStates: registryValue<string[]>(state, 'plone.workflow_states_to_show', []),
    showExcluded: registryValue(state, 'plone.show_excluded_items', false),
  };
}

/**
 * Whether a child appears in navigation for this caller. Excluded items show only with
 * `show_excluded_items` and when the context is inside them (`contextPath`: UIDs of the context
 * and its ancestors).
 */
export function showInNavigation(
  state: SiteState,
  principal: Principal,
  parent: ContentNode,
  node: ContentNode,
  filter: NavFilter,
  contextPath: Set<string>,
): boolean {
  if (!filter.displayedTypes.includes(node.type)) return false;
  if (isDefaultPage(parent, node)) return false;
  if (node.fields.exclude_from_nav === true && !(filter.showExcluded && contextPath.has(node.uid))) return false;
  if (filter.filterOnWorkflow && !filter.workflowStates.includes(node.reviewState ?? '')) return false;
  return isListed(state, principal, node, filter.activeAt);
}
