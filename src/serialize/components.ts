// `@components` of an object: each endpoint family's component (services.extensions.components)
// appears as {@id} and is embedded when named in `expand`.
import type { ApiRequest, Services } from '../http/types.ts';
import type { ContentNode, SiteState } from '../state/model.ts';
import { listParam } from '../domain/query.ts';
import { urlOf } from '../domain/urls.ts';

export function expandedNames(req: ApiRequest): Set<string> {
  return new Set(listParam(req.query, 'expand'));
}

export function components(state: SiteState, node: ContentNode, req: ApiRequest, services: Services): Record<string, unknown> {
  const url = urlOf(state, node, req.url.siteUrl);
  const wanted = expandedNames(req);
  const out: Record<string, unknown> = {};
  for (const [name, component] of services.extensions.components) {
    if (component.present && !component.present(state, node, req)) continue;
    const link = component.link?.(url, req) ?? `${url}/@${name}`;
    out[name] = wanted.has(name) ? component.expand(state, { ...req, context: node }, services) : { '@id': link };
  }
  return out;
}
