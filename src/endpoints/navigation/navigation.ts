// GET <ctx>/@navigation (supplement 31.2): the Home tab and the navigation root's children,
// nested to `expand.navigation.depth` levels.
import { json, type ApiRequest, type Route } from '../../http/types.ts';
import { runInTurns, runNow, type Steps } from '../../lib/turn.ts';
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

// The walk is a generator that pauses after each child (lib/turn.ts Steps): the `@navigation`
// route runs it in turns (a level of 100,000 children does not hold up other callers), the
// `navigation` component at once.

function* visibleChildren(w: Walk, node: ContentNode): Steps<ContentNode[]> {
  const out: ContentNode[] = [];
  for (const c of children(w.state, node)) {
    if (showInNavigation(w.state, w.req.principal, node, c, w.filter, w.inPath)) out.push(c);
    yield;
  }
  return out;
}

/**
 * The item of node `c` with `levels` levels below it; items below the first level (not tabs) also
 * say whether their type links to its view action.
 */
function* navItem(w: Walk, c: ContentNode, levels: number, tab: boolean): Steps<Record<string, unknown>> {
  const item: Record<string, unknown> = {
    '@id': itemUrl(w, c),
    description: (c.fields.description as string) ?? '',
    items: yield* subtree(w, c, levels),
    review_state: c.reviewState,
    title: navTitle(c),
  };
  if (!tab) item.use_view_action_in_listings = w.viewActionTypes.includes(c.type);
  return item;
}

/** Nodes below the first level; `levels` more levels are listed under each. */
function* subtree(w: Walk, node: ContentNode, levels: number): Steps<Record<string, unknown>[]> {
  if (levels <= 0) return [];
  const out: Record<string, unknown>[] = [];
  for (const c of yield* visibleChildren(w, node)) {
    out.push(yield* navItem(w, c, levels - 1, false));
    yield;
  }
  return out;
}

/** Tabs in the order of `plone.sort_tabs_on` (position, title or id), maybe reversed. */
function sortTabs(state: SiteState, nodes: ContentNode[]): ContentNode[] {
  const on = registryValue<string>(state, 'plone.sort_tabs_on', 'getObjPositionInParent');
  const key = (n: ContentNode) => (on === 'sortable_title' ? String(n.fields.title ?? '').toLowerCase() : n.id);
  const sorted = on === 'getObjPositionInParent' ? [...nodes] : [...nodes].sort((a, b) => key(a).localeCompare(key(b)));
  return registryValue(state, 'plone.sort_tabs_reversed', false) ? sorted.reverse() : sorted;
}

function* navigationSteps(state: SiteState, req: ApiRequest): Steps<Record<string, unknown>> {
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
  const tabs: Record<string, unknown>[] = [];
  if (generateTabs) {
    for (const c of sortTabs(state, yield* visibleChildren(w, root))) {
      if (!(w.filter.nonfolderishTabs || own(state.types, c.type)?.folderish)) continue;
      tabs.push(yield* navItem(w, c, depth - 1, true));
    }
  }
  return { '@id': `${urlOf(state, req.context, req.url.siteUrl)}/@navigation`, items: [home, ...tabs] };
}

export const navigation = (state: SiteState, req: ApiRequest): Record<string, unknown> => runNow(navigationSteps(state, req));

const navigationEndpoint = componentEndpoint('navigation', navigation, navigationSchema, (req) => `${first(req.query, 'expand.navigation.depth') ?? ''}\u0000${req.now}`);

export const navigationRoutes: Route[] = [{ ...navigationEndpoint.route, handle: async (state, req) => json(await runInTurns(navigationSteps(state, req))) }];

export const navigationFamily: FamilyManifest = { name: 'navigation', routes: navigationRoutes, components: [navigationEndpoint.component] };
