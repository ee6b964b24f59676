// The expansion registry: each component appears in `@components` as {@id} and is embedded
// when named in `expand`. Endpoint families register their component here.
import type { ApiRequest } from '../http/types.ts';
import type { ContentNode, SiteState } from '../state/model.ts';
import { listParam } from '../http/query.ts';
import { urlOf } from './urls.ts';

export interface Component {
  name: string;
  /** Whether the component is listed for this object (default: always). */
  present?: (state: SiteState, node: ContentNode, req?: ApiRequest) => boolean;
  /** URL of the component's link (default `<obj>/@<name>`). */
  link?: (objUrl: string, req: ApiRequest) => string;
  /** Full output, the same JSON as `GET <obj>/@<name>`. */
  expand: (state: SiteState, req: ApiRequest) => unknown;
}

const registry = new Map<string, Component>();

export function registerComponent(component: Component): void {
  registry.set(component.name, component);
}

export function expandedNames(req: ApiRequest): Set<string> {
  return new Set(listParam(req.query, 'expand'));
}

export function components(state: SiteState, node: ContentNode, req: ApiRequest): Record<string, unknown> {
  const url = urlOf(state, node, req.url.siteUrl);
  const wanted = expandedNames(req);
  const out: Record<string, unknown> = {};
  const names = [...registry.keys()].sort();
  for (const name of names) {
    const component = registry.get(name)!;
    if (component.present && !component.present(state, node, req)) continue;
    const link = component.link?.(url, req) ?? `${url}/@${name}`;
    out[name] = wanted.has(name) ? component.expand(state, { ...req, context: node }) : { '@id': link };
  }
  return out;
}
