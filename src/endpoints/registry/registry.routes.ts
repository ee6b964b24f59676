// GET /@registry (batched records), GET /@registry/<name> (bare value), PATCH /@registry
// (name -> value; all or nothing). Site root only, Manage portal (supplement 23).
import type { RoutePath } from '../../http/route-path.ts';
import type { Draft } from 'immer';
import type { ApiRequest, Route } from '../../http/types.ts';
import type { FamilyManifest } from '../../http/types.ts';
import { json, noContent } from '../../http/types.ts';
import { first } from '../../domain/query.ts';
import { badRequest, notFound, validationError } from '../../lib/errors.ts';
import type { SiteState } from '../../state/model.ts';
import { batch, canonicalUrl } from '../../serialize/batching.ts';
import { fieldProperty } from '../types/schema-json.ts';
import { RECORDS, recordNamed, recordValue, type RegistryRecord } from './records.ts';
import { checkFieldValue } from './validate.ts';
import { getRegistrySchema, patchRegistrySchema } from './registry.schema.ts';
import { writeRecords } from './write.ts';

const PERMISSION = 'Manage portal';

const tooMany = () => badRequest('Too many parameters');
/** The records, or one by name. */
const RECORD: RoutePath = { forms: ['', '/{record}'], params: { record: { description: 'Name of the registry record, e.g. `plone.site_title`.' } }, refuse: tooMany };

function recordJson(state: SiteState, record: RegistryRecord, base: string) {
  return { name: record.name, schema: { properties: fieldProperty(record.field, base) }, value: recordValue(state, record) };
}

function getRegistry(state: SiteState, req: ApiRequest) {
  const params = req.url.params;
  if (params.length === 1) {
    const record = recordNamed(params[0]);
    if (!record) throw notFound();
    return json(recordValue(state, record));
  }
  const prefix = first(req.query, 'q') ?? '';
  const records = prefix ? RECORDS.filter((r) => r.name.startsWith(prefix)) : RECORDS;
  const page = batch(req, records.length, (s, e) => records.slice(s, e).map((r) => recordJson(state, r, req.url.siteUrl)));
  return json({ '@id': canonicalUrl(req), ...page });
}

/**
 * The checked writes of a PATCH body (a JSON object: the route's schema saw to that); any unknown
 * name or bad value refuses the whole body.
 */
export function registryWrites(body: Record<string, unknown>): [RegistryRecord, unknown][] {
  const writes: [RegistryRecord, unknown][] = [];
  const errors: { field: string; message: string }[] = [];
  for (const [name, raw] of Object.entries(body)) {
    const record = recordNamed(name);
    if (!record) throw badRequest(`This endpoint is only intended to update existing records! Couldn't find key ${name}`);
    const checked = checkFieldValue(record.field, raw);
    const message = 'error' in checked ? checked.error : record.check?.(checked.value);
    if (message) errors.push({ field: name, message });
    else if ('value' in checked) writes.push([record, checked.value]);
  }
  if (errors.length) throw validationError(errors);
  return writes;
}

function patchRegistry(_state: SiteState, req: ApiRequest) {
  const writes = registryWrites(req.body as Record<string, unknown>);
  return {
    write: (draft: Draft<SiteState>) => writeRecords(draft, writes),
    respond: () => noContent(),
  };
}

export const registryRoutes: Route[] = [
  { method: 'GET', endpoint: '@registry', on: 'site', permission: PERMISSION, path: RECORD, schema: getRegistrySchema, handle: getRegistry },
  { method: 'PATCH', endpoint: '@registry', on: 'site', permission: PERMISSION, path: { forms: [''], params: {}, refuse: tooMany }, schema: patchRegistrySchema, handle: patchRegistry },
];

export const registryFamily: FamilyManifest = { name: 'registry', routes: registryRoutes };
