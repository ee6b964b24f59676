// @inherit (supplement 31.18): for each behavior named in expand.inherit.behaviors, the field
// values of the nearest ancestor-or-self that provides it and that the caller may view.
import type { ApiRequest, Route } from '../../http/types.ts';
import type { Component, FamilyManifest } from '../../http/types.ts';
import { json } from '../../http/types.ts';
import { listParam } from '../../domain/query.ts';
import { canView } from '../../auth/check.ts';
import type { ContentNode, SiteState } from '../../state/model.ts';
import { ancestors } from '../../state/select.ts';
import { readField } from '../../serialize/fields.ts';
import { isNavigationRoot } from '../../domain/navigation-root.ts';
import { urlOf } from '../../domain/urls.ts';
import { BEHAVIORS } from '../../types/behaviors.ts';
import { inheritSchema } from './inherit.schema.ts';
import { own } from '../../lib/records.ts';

const PARAM = 'expand.inherit.behaviors';

const behaviorsOf = (req: ApiRequest) => listParam(req.query, PARAM);

const linkOf = (objUrl: string, req: ApiRequest) => `${objUrl}/@inherit?${PARAM}=${behaviorsOf(req).join(',')}`;

function provides(state: SiteState, node: ContentNode, behavior: string): boolean {
  if (behavior === 'cms.navigationroot' && isNavigationRoot(state, node)) return true;
  return !!own(state.types, node.type)?.behaviors.includes(behavior);
}

export function inherit(state: SiteState, req: ApiRequest): Record<string, unknown> {
  const names = behaviorsOf(req);
  if (!names.length) return {};
  const node = req.context;
  const out: Record<string, unknown> = { '@id': linkOf(urlOf(state, node, req.url.siteUrl), req) };
  const chain = [node, ...ancestors(state, node).reverse()];
  for (const name of names) {
    const from = chain.find((n) => provides(state, n, name) && canView(state, req.principal, n));
    if (!from) continue;
    const url = urlOf(state, from, req.url.siteUrl);
    // Marker behaviors (cms.navigationroot) own no fields.
    const fields = Object.hasOwn(BEHAVIORS, name) ? BEHAVIORS[name].fields : [];
    const data = Object.fromEntries(fields.map((f) => [f.name, readField(state, from, f, req, url)]));
    out[name] = { from: { '@id': url, title: from.fields.title ?? '' }, data };
  }
  return out;
}

const inheritComponent: Component = {
  name: 'inherit',
  present: (_state, _node, req) => !!req && behaviorsOf(req).length > 0,
  link: linkOf,
  expand: inherit,
  options: inheritSchema.query,
};

export const inheritRoutes: Route[] = [
  { method: 'GET', endpoint: '@inherit', on: 'content', permission: 'View', schema: inheritSchema, handle: (state, req) => json(inherit(state, req)) },
];

export const inheritFamily: FamilyManifest = { name: 'inherit', routes: inheritRoutes, components: [inheritComponent] };
