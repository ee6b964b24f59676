// GET <ctx>/@navigation (supplement 31.2): the Home tab and the navigation root's children,
// nested to `expand.navigation.depth` levels.
import type { ApiRequest, Route } from '../../http/types.ts';
import type { FamilyManifest } from '../../http/types.ts';
import { first, intParam } from '../../domain/query.ts';
import type { ContentNode, SiteState } from '../../state/model.ts';
import { ancestors, children } from '../../state/select.ts';
import { navigationRoot } from '../../domain/navigation-root.ts';
import { navFilter, navTitle, showInNavigation, type NavFilter } from '../../serialize/nav-items.ts';
import { registryValue } from '../../domain/registry-value.ts';
import { urlOf } from '../../domain/urls.ts';
import { translate } from '../../i18n/translate.ts';
import { resolvedRemoteUrl } from '../../serialize/remote-url.ts';
import { navigationSchema } from './navigation.schema.ts';
import { own } from '../../lib/records.ts';
import { componentEndpoint } from '../component-endpoint.ts';

interface Walk {
  state: SiteState;
  req: ApiRequest;
  filter: NavFilter;
  inPath: Set<string>;
  viewActionTypes: string[];
}

/** Links point to their target for callers other than their creator. */
function itemUrl(w: Walk, node: ContentNode): string {
  const remote = node.fields.remoteUrl;
  const creator = (node.fields.creators as string[] | undefined)?.[0];
  if (node.type === 'Link' && typeof remote === 'string' && remote && creator !== w.req.principal.id) {
    return resolvedRemoteUrl(w.state, node, remote, w.req.url.siteUrl);
  }
  return urlOf(w.state, node, w.req.url.siteUrl);
}

function visibleChildren(w: Walk, node: ContentNode): ContentNode[] {
  return children(w.state, node).filter((c) => showInNavigation(w.state, w.req.principal, node, c, w.filter, w.inPath));
}

/** Nodes below the first level; `levels` more levels are listed under each. */
function subtree(w: Walk, node: ContentNode, levels: number): Record<string, unknown>[] {
  if (levels <= 0) return [];
  return visibleChildren(w, node).map((c) => ({
    '@id': itemUrl(w, c),
    description: (c.fields.description as string) ?? '',
    items: subtree(w, c, levels - 1),
    review_state: c.reviewState,
    title: navTitle(c),
    use_view_action_in_listings: w.viewActionTypes.includes(c.type),
  }));
}

/** Tabs in the order of `plone.sort_tabs_on` (position, title or id), maybe reversed. */
function sortTabs(state: SiteState, nodes: ContentNode[]): ContentNode[] {
  const on = registryValue<string>(state, 'plone.sort_tabs_on', 'getObjPositionInParent');
  const key = (n: ContentNode) => (on === 'sortable_title' ? String(n.fields.title ?? '').toLowerCase() : n.id);
  const sorted = on === 'getObjPositionInParent' ? [...nodes] : [...nodes].sort((a, b) => key(a).localeCompare(key(b)));
  return registryValue(state, 'plone.sort_tabs_reversed', false) ? sorted.reverse() : sorted;
}

export function navigation(state: SiteState, req: ApiRequest): Record<string, unknown> {
  const depth = Math.max(1, intParam(req.query, 'expand.navigation.depth', 1));
  const root = navigationRoot(state, req.context);
  const inPath = new Set([...ancestors(state, req.context), req.context].map((n) => n.uid));
  const volto = state.settings.volto;
  const w: Walk = {
    state,
    req,
    filter: navFilter(state, req.principal, req.now),
    inPath,
    viewActionTypes: registryValue(state, 'plone.types_use_view_action_in_listings', volto ? [] : ['Image', 'File']),
  };
  const home = { '@id': urlOf(state, root, req.url.siteUrl), description: '', items: [], review_state: null, title: translate(state, req, 'Home') };
  const generateTabs = registryValue(state, 'plone.generate_tabs', true);
  const tabs = generateTabs
    ? sortTabs(state, visibleChildren(w, root))
        .filter((c) => w.filter.nonfolderishTabs || own(state.types, c.type)?.folderish)
        .map((c) => ({
          '@id': itemUrl(w, c),
          description: (c.fields.description as string) ?? '',
          items: subtree(w, c, depth - 1),
          review_state: c.reviewState,
          title: navTitle(c),
        }))
    : [];
  return { '@id': `${urlOf(state, req.context, req.url.siteUrl)}/@navigation`, items: [home, ...tabs] };
}

const navigationEndpoint = componentEndpoint('navigation', navigation, navigationSchema, (req) => `${first(req.query, 'expand.navigation.depth') ?? ''}\u0000${req.now}`);

export const navigationRoutes: Route[] = [navigationEndpoint.route];

export const navigationFamily: FamilyManifest = { name: 'navigation', routes: navigationRoutes, components: [navigationEndpoint.component] };
