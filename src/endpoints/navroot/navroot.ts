// GET <ctx>/@navroot (supplement 21): the navigation root, serialised without items and components.
import type { ApiRequest, FamilyManifest, Route, Services } from '../../http/types.ts';
import { componentEndpoint } from '../component-endpoint.ts';
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

const navrootEndpoint = componentEndpoint('navroot', navroot, navrootSchema);

export const navrootRoutes: Route[] = [navrootEndpoint.route];

export const navrootFamily: FamilyManifest = { name: 'navroot', routes: navrootRoutes, components: [navrootEndpoint.component] };
