// GET <ctx>/@navroot (supplement 21): the navigation root, serialised without items and components.
import type { ApiRequest, Component, FamilyManifest, Route, Services } from '../../http/types.ts';
import { json } from '../../http/types.ts';
import type { SiteState } from '../../state/model.ts';
import { serializeContent } from '../../serialize/content.ts';
import { navigationRoot } from '../../domain/navigation-root.ts';
import { navrootSchema } from './navroot.schema.ts';
import { urlOf } from '../../domain/urls.ts';

export function navroot(state: SiteState, req: ApiRequest, services: Services): Record<string, unknown> {
  const root = navigationRoot(state, req.context);
  return {
    '@id': `${urlOf(state, req.context, req.url.siteUrl)}/@navroot`,
    navroot: serializeContent(state, root, { ...req, context: root }, services, { items: false, components: false }),
  };
}

const navrootComponent: Component = { name: 'navroot', expand: navroot };

export const navrootRoutes: Route[] = [
  {
    method: 'GET',
    endpoint: '@navroot',
    schema: navrootSchema,
    on: 'content',
    permission: 'View',
    handle: (state, req, services) => json(navroot(state, req, services)),
  },
];

export const navrootFamily: FamilyManifest = { name: 'navroot', routes: navrootRoutes, components: [navrootComponent] };
