// /@controlpanels (supplement 13): the list of panels, registry-backed panels (GET/PATCH) and the
// custom panels' verbs. Site root only, "Plone Site Setup: Overview"; unknown panel -> 404 null.
import type { RoutePath } from '../../http/route-path.ts';
import type { ApiRequest, CustomPanel, FamilyManifest, Outcome, PanelGroup, Route, Services } from '../../http/types.ts';
import { json, noContent } from '../../http/types.ts';
import { hasPermission } from '../../auth/check.ts';
import { badRequest, notFound, unauthorized } from '../../lib/errors.ts';
import type { SiteState } from '../../state/model.ts';
import { writeRecords } from '../registry/write.ts';
import { customPanel, customPanels } from './custom-panels.ts';
import { panelJson, panelUrl } from './panel-json.ts';
import { REGISTRY_PANELS, registryPanel } from './panels.ts';
import { panelWrites } from './registry-panel.ts';
import { SCHEMAS } from './controlpanels.schema.ts';
import { dexterityTypesPanel } from './dexterity-types.ts';

const PERMISSION = 'Plone Site Setup: Overview';
const GROUPS: PanelGroup[] = ['General', 'Content', 'Users', 'Security', 'Advanced', 'Add-on Configuration'];

interface Summary {
  id: string;
  title: string;
  group: PanelGroup;
  searchable: string[];
}

function summaries(state: SiteState, services: Services): Summary[] {
  const fromRegistry = REGISTRY_PANELS.map((p) => ({ ...p, searchable: p.fields.map((f) => f.title).filter(Boolean) }));
  const custom = customPanels(services.extensions.panels).map((p) => ({ ...p, searchable: p.searchable?.(state) ?? [] }));
  return [...fromRegistry, ...custom].sort((a, b) => GROUPS.indexOf(a.group) - GROUPS.indexOf(b.group) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

function listPanels(state: SiteState, req: ApiRequest, services: Services) {
  return json(
    summaries(state, services).map((s) => ({
      '@id': panelUrl(req.url.siteUrl, s.id),
      group: s.group,
      searchable_text: [s.title, s.group, ...s.searchable],
      title: s.title,
    })),
  );
}

const missing = () => notFound('', 'null');

/** The custom panel addressed by the URL, once the caller passes its own permission. */
function custom(state: SiteState, req: ApiRequest, services: Services): CustomPanel | undefined {
  const panel = customPanel(services.extensions.panels, req.url.params[0]);
  if (panel?.permission && !hasPermission(state, req.principal, req.context, panel.permission)) throw unauthorized();
  return panel;
}

function verb(method: 'GET' | 'POST' | 'PATCH' | 'DELETE') {
  return (state: SiteState, req: ApiRequest, services: Services): Outcome => {
    const [id, ...rest] = req.url.params;
    if (!id) return listPanels(state, req, services);
    const panel = custom(state, req, services);
    if (panel) {
      const handler = panel[method];
      if (!handler) throw missing();
      return handler(state, req, rest, services);
    }
    const registry = registryPanel(id);
    if (!registry || rest.length) throw missing();
    if (method === 'GET') return json(panelJson(state, registry, req.url.siteUrl));
    if (method === 'DELETE') throw badRequest(`Can't delete Control Panel: ${id}`);
    if (method === 'POST') throw missing();
    const writes = panelWrites(registry, req.body as Record<string, unknown>);
    return { write: (draft) => writeRecords(draft, writes), respond: () => noContent() };
  };
}

const PANEL_PARAMS = {
  panel: { description: 'Id of the control panel, e.g. `mail` or `dexterity-types`.' },
  item: { description: 'Id of an item of the panel (a content type of `dexterity-types`, a rule of `content-rules`).' },
};
/** A panel and one of its items; further segments are the custom panel's own (a rule's conditions). */
const panelPath = (forms: string[], refuse?: RoutePath['refuse']): RoutePath => ({ forms, params: PANEL_PARAMS, more: 'panel', ...(refuse ? { refuse } : {}) });
const PATHS: Record<'GET' | 'POST' | 'PATCH' | 'DELETE', RoutePath> = {
  GET: { forms: ['', '/{panel}', '/{panel}/{item}'], params: PANEL_PARAMS, more: 'panel' },
  POST: panelPath(['/{panel}', '/{panel}/{item}'], missing),
  PATCH: panelPath(['/{panel}', '/{panel}/{item}'], () => badRequest('Missing parameter controlpanelname')),
  DELETE: panelPath(['/{panel}', '/{panel}/{item}'], missing),
};

export const controlpanelsRoutes: Route[] = (['GET', 'POST', 'PATCH', 'DELETE'] as const).map((method) => ({
  method,
  endpoint: '@controlpanels',
  on: 'site',
  permission: PERMISSION,
  path: PATHS[method],
  schema: SCHEMAS[method],
  panelBodies: true,
  handle: verb(method),
}));

export const controlpanelsFamily: FamilyManifest = { name: 'controlpanels', routes: controlpanelsRoutes, panels: [dexterityTypesPanel] };
