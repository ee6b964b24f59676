// Writes on `@types/<type>[/<field or fieldset>]` (supplement 14.1): POST a field or fieldset,
// PATCH the schema / one field / one fieldset, PUT the whole schema, DELETE a field or fieldset.
// Site root only; Manage Schemata (seed, conflict C20).
import type { Draft } from 'immer';
import type { ApiRequest, Route, WriteOutcome } from '../../http/types.ts';
import { judgeBody } from '../../http/schema.ts';
import { json, noContent } from '../../http/types.ts';
import type { SiteState } from '../../state/model.ts';
import type { TypeDef } from '../../types/model.ts';
import { fieldsOf } from '../../types/schema.ts';
import { fieldProperty, fieldsetsOf, ownSchemaName } from './schema-json.ts';
import { editTypePath, fieldsetOrFieldNotFound, typeNamed } from './type-lookup.ts';
import {
  addField, addFieldset, asBody, behaviorFieldError, isBehaviorField, isOwnField, isOwnFieldset, patchSchema,
  removeField, removeFieldset, replaceSchema, updateField, updateFieldset,
} from './schema-edit.ts';
import { addToTypeSchema, deleteFromTypeSchema, editTypeSchema, replaceTypeSchema } from './types.schema.ts';
import { own } from '../../lib/records.ts';

const PERMISSION = 'cms.schemaeditor.ManageSchemata';

/** The type named by the URL and the field/fieldset name after it, when the route's path has one. */
function target(state: SiteState, req: ApiRequest): { type: TypeDef; name?: string } {
  const [type, name] = req.url.params;
  return { type: typeNamed(state, type), name };
}

/** A write that edits one type definition and answers 204. */
function editType(id: string, edit: (type: Draft<TypeDef>) => void): WriteOutcome {
  return { write: (draft) => edit(own(draft.types, id)!), respond: () => noContent() };
}

function postToType(state: SiteState, req: ApiRequest): WriteOutcome<string> {
  const { type } = target(state, req);
  judgeBody(addToTypeSchema, req.body);
  const body = asBody(req.body);
  const isFieldset = body.factory === 'fieldset';
  return {
    write: (draft) => (isFieldset ? addFieldset : addField)(own(draft.types, type.id)!, body),
    respond: (next, id) => {
      const changed = own(next.types, type.id)!;
      if (isFieldset) return json(fieldsetsOf(changed).find((f) => f.id === id), 201);
      const field = fieldsOf(changed).find((f) => f.name === id)!;
      return json(fieldProperty(field, req.url.siteUrl, ownSchemaName(next.settings.siteId, changed)), 201);
    },
  };
}

function patchType(state: SiteState, req: ApiRequest): WriteOutcome {
  const { type, name } = target(state, req);
  const body = asBody(req.body);
  if (!name) return editType(type.id, (t) => patchSchema(t, body));
  const isFieldset = fieldsetsOf(type).some((f) => f.id === name);
  if (isFieldset && Array.isArray(body.fields)) return editType(type.id, (t) => updateFieldset(t, name, body));
  if (isBehaviorField(type, name)) throw behaviorFieldError(name);
  if (isOwnField(type, name)) return editType(type.id, (t) => updateField(t, name, body));
  if (isOwnFieldset(type, name)) return editType(type.id, (t) => updateFieldset(t, name, body));
  throw fieldsetOrFieldNotFound(name);
}

function putType(state: SiteState, req: ApiRequest): WriteOutcome {
  const { type } = target(state, req);
  const body = asBody(req.body);
  const own = ownSchemaName(state.settings.siteId, type);
  return editType(type.id, (t) => replaceSchema(t, body, own));
}

function deleteFromType(state: SiteState, req: ApiRequest): WriteOutcome {
  const { type, name } = target(state, req) as { type: TypeDef; name: string };
  if (isBehaviorField(type, name)) throw behaviorFieldError(name);
  if (!isOwnField(type, name) && !isOwnFieldset(type, name)) throw fieldsetOrFieldNotFound(name);
  return editType(type.id, (t) => (isOwnField(t, name) ? removeField(t, name) : removeFieldset(t, name)));
}

export const typesEditRoutes: Route[] = [
  { method: 'POST', endpoint: '@types', on: 'site', permission: PERMISSION, path: editTypePath(['/{type}']), schema: addToTypeSchema, handle: postToType },
  { method: 'PATCH', endpoint: '@types', on: 'site', permission: PERMISSION, path: editTypePath(['/{type}', '/{type}/{name}']), schema: editTypeSchema, handle: patchType },
  { method: 'PUT', endpoint: '@types', on: 'site', permission: PERMISSION, path: editTypePath(['/{type}']), schema: replaceTypeSchema, handle: putType },
  { method: 'DELETE', endpoint: '@types', on: 'site', permission: PERMISSION, path: editTypePath(['/{type}/{name}']), schema: deleteFromTypeSchema, handle: deleteFromType },
];
