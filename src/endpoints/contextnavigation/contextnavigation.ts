// GET <ctx>/@contextnavigation (supplement 31.3): the navigation portlet's tree around the context.
import type { ApiRequest, Route } from '../../http/types.ts';
import type { FamilyManifest } from '../../http/types.ts';
import type { ContentNode, SiteState } from '../../state/model.ts';
import { ancestors, children, traverse } from '../../state/select.ts';
import { navigationRoot } from '../../domain/navigation-root.ts';
import { navFilter, navTitle, showInNavigation, type NavFilter } from '../../serialize/nav-items.ts';
import { urlOf } from '../../domain/urls.ts';
import { translate } from '../../i18n/translate.ts';
import { resolvedRemoteUrl } from '../../serialize/remote-url.ts';
import { contextNavOptions, type ContextNavOptions } from './options.ts';
import { contextNavigationSchema } from './contextnavigation.schema.ts';
import { own } from '../../lib/records.ts';
import { componentEndpoint } from '../component-endpoint.ts';

interface Walk {
  state: SiteState;
  req: ApiRequest;
  options: ContextNavOptions;
  filter: NavFilter;
  /** UIDs of the context's ancestors (not the context). */
  parents: Set<string>;
}

const normalize = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');

function hasImage(node: ContentNode): boolean {
  return !!node.fields.image && typeof node.fields.image === 'object';
}

function entry(w: Walk, node: ContentNode, items: Record<string, unknown>[]): Record<string, unknown> {
  const { state, req, options } = w;
  const url = urlOf(state, node, req.url.siteUrl);
  const remote = node.type === 'Link' && typeof node.fields.remoteUrl === 'string' ? resolvedRemoteUrl(state, node, node.fields.remoteUrl, req.url.siteUrl) : '';
  return {
    '@id': url,
    description: (node.fields.description as string) ?? '',
    href: remote || url,
    icon: node.type === 'File' && !options.noIcons ? `${req.url.siteUrl}/++plone++mimetype-icons/file.png` : '',
    is_current: node.uid === req.context.uid,
    is_folderish: own(state.types, node.type)?.folderish ?? false,
    is_in_path: w.parents.has(node.uid),
    items,
    normalized_id: normalize(node.id),
    review_state: node.reviewState ?? '',
    thumb: hasImage(node) && !options.noThumbs ? `${url}/@@images/image/${options.thumbScale}` : '',
    title: navTitle(node),
    type: normalize(node.type),
  };
}

/** Children of `node` at tree depth `depth` (1 = directly below the tree root). */
function tree(w: Walk, node: ContentNode, depth: number): Record<string, unknown>[] {
  const { bottomLevel } = w.options;
  if (bottomLevel > 0 && depth > bottomLevel) return [];
  return children(w.state, node)
    .filter((c) => showInNavigation(w.state, w.req.principal, node, c, w.filter, w.parents))
    .map((c) => entry(w, c, w.options.currentFolderOnly ? [] : tree(w, c, depth + 1)));
}

/** The object whose children the tree lists, or undefined when nothing is to be shown. */
function treeRoot(state: SiteState, context: ContentNode, options: ContextNavOptions, base: ContentNode): ContentNode | undefined {
  if (options.currentFolderOnly) {
    if (own(state.types, context.type)?.folderish) return context;
    return ancestors(state, context).pop() ?? context;
  }
  if (options.topLevel <= 0) return base;
  const chain = [...ancestors(state, context), context];
  const at = chain.findIndex((n) => n.uid === base.uid);
  if (at === -1) return base;
  return chain[at + options.topLevel];
}

export function contextNavigation(state: SiteState, req: ApiRequest): Record<string, unknown> {
  const options = contextNavOptions(req.query);
  const context = req.context;
  const chosen = options.rootPath ? traverse(state, options.rootPath.split('/').filter(Boolean)) : undefined;
  const base = chosen ?? navigationRoot(state, context);
  const w: Walk = { state, req, options, filter: navFilter(state, req.principal, req.now), parents: new Set(ancestors(state, context).map((n) => n.uid)) };
  const root = treeRoot(state, context, options, base);
  const items = root && options.bottomLevel >= 0 ? tree(w, root, 1) : [];
  if (root && options.includeTop) {
    const top = entry(w, root, []);
    if (root.parent === null) Object.assign(top, { title: translate(state, req, 'Home'), type: 'plone-site' });
    items.unshift(top);
  }
  return {
    '@id': `${urlOf(state, context, req.url.siteUrl)}/@contextnavigation`,
    available: !!root && (options.bottomLevel < 0 || items.length > 0),
    has_custom_name: !!options.name,
    items,
    title: options.name || translate(state, req, 'Navigation'),
    url: `${urlOf(state, base, req.url.siteUrl)}/sitemap`,
  };
}

const contextnavigationEndpoint = componentEndpoint('contextnavigation', contextNavigation, contextNavigationSchema);

export const contextNavigationRoutes: Route[] = [contextnavigationEndpoint.route];

export const contextNavigationFamily: FamilyManifest = { name: 'contextnavigation', routes: contextNavigationRoutes, components: [contextnavigationEndpoint.component] };
