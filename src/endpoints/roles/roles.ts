// GET /@roles (supplement 31.9): the portal roles that can be given, Owner excluded.
import { ASSIGNABLE_ROLES } from '../../auth/roles.ts';
import { rolesSchema } from './roles.schema.ts';
import { json, type Route } from '../../http/types.ts';
import type { FamilyManifest } from '../../http/types.ts';

export const rolesRoutes: Route[] = [
  {
    method: 'GET',
    endpoint: '@roles',
    schema: rolesSchema,
    on: 'site',
    permission: 'Plone Site Setup: Users and Groups',
    handle: (_state, req) =>
      json(ASSIGNABLE_ROLES.map((id) => ({ '@id': `${req.url.siteUrl}/@roles/${id}`, '@type': 'role', id, title: id }))),
  },
];

export const rolesFamily: FamilyManifest = { name: 'roles', routes: rolesRoutes };
