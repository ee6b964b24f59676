// /@controlpanels (supplement 13): the list of panels, registry-backed panels (GET/PATCH) and the
// custom panels' verbs. Site root only, "Plone Site Setup: Overview"; unknown panel -> 404 null.
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
    const [id, ...rest] = req.url.params.filter(Boolean);
    if (!id) {
      if (method === 'GET') return listPanels(state, req, services);
      if (method === 'PATCH') throw badRequest('Missing parameter controlpanelname');
      throw missing();
    }
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

export const controlpanelsRoutes: Route[] = (['GET', 'POST', 'PATCH', 'DELETE'] as const).map((method) => ({
  method,
  endpoint: '@controlpanels',
  on: 'site',
  permission: PERMISSION,
  schema: SCHEMAS[method],
  panelBodies: true,
  handle: verb(method),
}));

export const controlpanelsFamily: FamilyManifest = { name: 'controlpanels', routes: controlpanelsRoutes, panels: [dexterityTypesPanel] };
