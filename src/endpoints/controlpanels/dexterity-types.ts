// The `dexterity-types` panel (supplement 13.4): list types, make one from a title, read, change
// and remove one. Needs Manage Schemata (seed, conflict C20) on top of the panels' permission.
import type { ApiRequest, CustomPanel } from '../../http/types.ts';
import { json, noContent } from '../../http/types.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { SiteState } from '../../state/model.ts';
import type { TypeDef } from '../../types/model.ts';
import { applyTypeChanges, newType, removeType, typeChanges } from './type-changes.ts';
import { TYPES_PANEL, typeResourceJson, typesInOrder, typesPanelJson, typesPanelUrl } from './type-resource.ts';
import { own } from '../../lib/records.ts';
import { TYPE_BODIES } from './controlpanels.schema.ts';

function typeAt(state: SiteState, rest: string[]): TypeDef {
  if (rest.length > 1) throw notFound('', 'null');
  const id = rest[0];
  if (!id || !Object.hasOwn(state.types, id)) throw notFound('', 'null');
  return own(state.types, id)!;
}

const typeJson = (state: SiteState, req: ApiRequest, id: string) => typeResourceJson(state, own(state.types, id)!, req.url.siteUrl);

/** The `dexterity-types` panel of the controlpanels family. */
export const dexterityTypesPanel: CustomPanel = {
  ...TYPES_PANEL,
  permission: 'cms.schemaeditor.ManageSchemata',
  bodies: TYPE_BODIES.map((b) => ({ ...b, permission: 'cms.schemaeditor.ManageSchemata' })),
  searchable: (state) => typesInOrder(state).map((t) => t.title),
  GET: (state, req, rest) => json(rest.length ? typeJson(state, req, typeAt(state, rest).id) : typesPanelJson(state, req.url.siteUrl)),
  POST: (state, req, rest) => {
    if (rest.length) throw notFound('', 'null');
    const type = newType(state, req.body);
    return {
      write: (draft) => void (draft.types[type.id] = type),
      respond: (next) => json(typeJson(next, req, type.id), 201, { Location: `${typesPanelUrl(req.url.siteUrl)}/${type.id}` }),
    };
  },
  PATCH: (state, req, rest) => {
    const { id } = typeAt(state, rest);
    const changes = typeChanges(state, req.body as Record<string, unknown>);
    return { write: (draft) => applyTypeChanges(draft, id, changes), respond: () => noContent() };
  },
  DELETE: (state, _req, rest) => {
    if (!rest.length) throw badRequest(`Can't delete Control Panel: ${TYPES_PANEL.id}`);
    const { id } = typeAt(state, rest);
    return { write: (draft) => removeType(draft, id), respond: () => noContent() };
  },
};
