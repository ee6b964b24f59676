import type { Route } from '../../http/types.ts';
import type { FamilyManifest } from '../../http/types.ts';
import { json } from '../../http/types.ts';
import { linkIntegritySchema } from './linkintegrity.schema.ts';
import { linkIntegrity } from './linkintegrity.ts';

export const linkIntegrityRoutes: Route[] = [
  {
    method: 'GET',
    endpoint: '@linkintegrity',
    on: 'content',
    permission: 'Access contents information',
    schema: linkIntegritySchema,
    handle: (state, req) => json(linkIntegrity(state, req)),
  },
];

export const linkIntegrityFamily: FamilyManifest = { name: 'linkintegrity', routes: linkIntegrityRoutes };
