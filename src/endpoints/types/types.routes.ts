// GET <ctx>/@types, /@types/<type> (schema) and /@types/<type>/<field or fieldset>; the `types`
// component. Reading types needs an authenticated caller (Anonymous -> 401).
import type { ApiRequest, Route } from '../../http/types.ts';
import type { Component, FamilyManifest } from '../../http/types.ts';
import { json } from '../../http/types.ts';
import { unauthorized } from '../../lib/errors.ts';
import type { SiteState } from '../../state/model.ts';
import type { TypeDef } from '../../types/model.ts';
import { fieldsOf } from '../../types/schema.ts';
import { urlOf } from '../../domain/urls.ts';
import { typesList } from './addable.ts';
import { translate } from '../../i18n/translate.ts';
import { fieldsetOrFieldNotFound, readTypePath, typeNamed } from './type-lookup.ts';
import { typesEditRoutes } from './types.edit.ts';
import { readTypesSchema } from './types.get.schema.ts';
import { fieldProperty, fieldsetsOf, ownSchemaName, typeSchema } from './schema-json.ts';

function requireMember(req: ApiRequest): void {
  if (req.principal.id === null) throw unauthorized();
}

export { typeNamed };

/** A fieldset or field property with its title in the response language. */
const titled = <T extends { title?: unknown }>(state: SiteState, req: ApiRequest, x: T): T =>
  typeof x.title === 'string' ? { ...x, title: translate(state, req, x.title) } : x;

/** A type schema with fieldset and field titles in the response language (supplement 1.3, 14.3). */
function translatedSchema(state: SiteState, req: ApiRequest, schema: Record<string, unknown>): Record<string, unknown> {
  const fieldsets = (schema.fieldsets as { title: string }[]).map((f) => titled(state, req, f));
  const properties = Object.fromEntries(Object.entries(schema.properties as Record<string, { title?: string }>).map(([k, p]) => [k, titled(state, req, p)]));
  return { ...schema, fieldsets, properties };
}

function fieldOrFieldset(state: SiteState, req: ApiRequest, type: TypeDef, name: string, base: string): Record<string, unknown> {
  const fieldset = fieldsetsOf(type).find((f) => f.id === name);
  if (fieldset) return titled(state, req, { ...fieldset });
  const field = fieldsOf(type).find((f) => f.name === name);
  if (field) return titled(state, req, fieldProperty(field, base, ownSchemaName(state.settings.siteId, type)));
  throw fieldsetOrFieldNotFound(name);
}

function getTypes(state: SiteState, req: ApiRequest) {
  requireMember(req);
  const [typeId, name] = req.url.params;
  if (!typeId) return json(typesList(state, req));
  const type = typeNamed(state, typeId);
  const base = urlOf(state, req.context, req.url.siteUrl);
  if (name) return json(fieldOrFieldset(state, req, type, name, base));
  return { ...json(translatedSchema(state, req, typeSchema(type, base, state.settings.siteId))), contentType: 'application/json+schema' };
}

const typesComponent: Component = {
  name: 'types',
  expand: (state, req) => {
    requireMember(req);
    return typesList(state, req);
  },
  reads: () => '',
};

export const typesRoutes: Route[] = [
  { method: 'GET', endpoint: '@types', on: 'content', permission: 'View', path: readTypePath, schema: readTypesSchema, handle: getTypes },
  ...typesEditRoutes,
];

export const typesFamily: FamilyManifest = { name: 'types', routes: typesRoutes, components: [typesComponent] };
