// @database (supplement 31.14): sizes of the in-memory "database" (the site state).
import { json, type Route } from '../../http/types.ts';
import { databaseSchema } from './database.schema.ts';
import type { FamilyManifest } from '../../http/types.ts';
import type { SiteState } from '../../state/model.ts';

const sizes = new WeakMap<SiteState, number>();
function sizeOf(state: SiteState): number {
  let n = sizes.get(state);
  if (n === undefined) sizes.set(state, (n = Buffer.byteLength(JSON.stringify(state))));
  return n;
}

export const databaseRoutes: Route[] = [
  {
    method: 'GET',
    endpoint: '@database',
    schema: databaseSchema,
    on: 'site',
    permission: 'Plone Site Setup: Overview',
    handle: (state, req) => {
      const objects = state.nodeCount + Object.keys(state.users).length + Object.keys(state.groups).length;
      const bytes = sizeOf(state);
      return json({
        '@id': `${req.url.siteUrl}/@database`,
        db_name: 'main',
        db_size: bytes,
        database_size: objects,
        cache_length: objects,
        cache_length_bytes: bytes,
        cache_detail_length: [{ connection: 'in-memory', ngsize: objects, size: objects }],
        cache_size: 30000,
      });
    },
  },
];

export const databaseFamily: FamilyManifest = { name: 'database', routes: databaseRoutes };
