// GET <ctx>/@breadcrumbs (supplement 31.1): the path from below the navigation root to the context.
import type { ApiRequest, Route } from '../../http/types.ts';
import type { FamilyManifest } from '../../http/types.ts';
import { activeAt, listable } from '../../auth/publication.ts';
import type { SiteState } from '../../state/model.ts';
import { getNode } from '../../state/nodes.ts';
import { ancestors } from '../../state/select.ts';
import { navigationRoot } from '../../domain/navigation-root.ts';
import { isDefaultPage, navTitle } from '../../serialize/nav-items.ts';
import { breadcrumbsSchema } from './breadcrumbs.schema.ts';
import { urlOf } from '../../domain/urls.ts';
import { componentEndpoint } from '../component-endpoint.ts';

export function breadcrumbs(state: SiteState, req: ApiRequest): Record<string, unknown> {
  const context = req.context;
  const root = navigationRoot(state, context);
  const parent = context.parent === null ? undefined : getNode(state, context.parent);
  // The default page of a folder shows the crumbs of its folder.
  const last = parent && isDefaultPage(parent, context) ? parent : context;
  const chain = [...ancestors(state, last), last];
  const below = chain.slice(chain.findIndex((n) => n.uid === root.uid) + 1);
  // Catalog-based in Plone (supplement 6.1): the crumbs the caller could list.
  const items = below
    .filter(listable(state, req.principal, activeAt(state, req.principal, req.now)))
    .map((n) => ({ '@id': urlOf(state, n, req.url.siteUrl), title: navTitle(n) }));
  return {
    '@id': `${urlOf(state, context, req.url.siteUrl)}/@breadcrumbs`,
    items,
    root: urlOf(state, root, req.url.siteUrl),
  };
}

const breadcrumbsEndpoint = componentEndpoint('breadcrumbs', breadcrumbs, breadcrumbsSchema, (req) => req.now);

export const breadcrumbsRoutes: Route[] = [breadcrumbsEndpoint.route];

export const breadcrumbsFamily: FamilyManifest = { name: 'breadcrumbs', routes: breadcrumbsRoutes, components: [breadcrumbsEndpoint.component] };
