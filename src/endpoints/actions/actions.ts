// GET <ctx>/@actions (supplement 31.4): the actions available to the caller, per category.
import type { ApiRequest, Route } from '../../http/types.ts';
import type { FamilyManifest } from '../../http/types.ts';
import { listParam } from '../../domain/query.ts';
import { hasPermission } from '../../auth/check.ts';
import type { SiteState } from '../../state/model.ts';
import { translate } from '../../i18n/translate.ts';
import { actionsSchema } from './actions.schema.ts';
import { ACTIONS, DEFAULT_CATEGORIES, type ActionContext } from './definitions.ts';
import { componentEndpoint } from '../component-endpoint.ts';
import { emptyRecord, own } from '../../lib/records.ts';

export function actions(state: SiteState, req: ApiRequest): Record<string, unknown> {
  const asked = listParam(req.query, 'categories');
  const categories = asked.length ? asked : DEFAULT_CATEGORIES;
  const c: ActionContext = { state, principal: req.principal, node: req.context };
  const out = emptyRecord<unknown>();
  for (const category of categories) {
    out[category] = (own(ACTIONS, category) ?? [])
      .filter((a) => (!a.permission || hasPermission(state, req.principal, req.context, a.permission)) && (!a.condition || a.condition(c)))
      .map((a) => ({ icon: a.icon ?? '', id: a.id, title: translate(state, req, a.title) }));
  }
  return out;
}

const actionsEndpoint = componentEndpoint('actions', actions, actionsSchema, (req) => listParam(req.query, 'categories').join(','));

export const actionsRoutes: Route[] = [actionsEndpoint.route];

export const actionsFamily: FamilyManifest = { name: 'actions', routes: actionsRoutes, components: [actionsEndpoint.component] };
