// GET /@principals?search=<s> (supplement 31.6): users and groups matching a text, as summaries.
import { first } from '../../domain/query.ts';
import { json, type Route } from '../../http/types.ts';
import type { FamilyManifest } from '../../http/types.ts';
import { badRequest } from '../../lib/errors.ts';
import type { SiteState } from '../../state/model.ts';
import type { RootUser } from '../../auth/authenticate.ts';
import { allGroups, groupSummary } from '../groups/serialize.ts';
import { allUsers } from '../users/records.ts';
import { principalsSchema } from './principals.schema.ts';
import { userSummary } from '../users/serialize.ts';

const has = (v: string, s: string) => v.toLowerCase().includes(s);

export function matchingPrincipals(state: SiteState, root: RootUser, search: string) {
  const s = search.toLowerCase();
  const users = allUsers(state, root)
    .filter((u) => [u.id, u.username, u.fullname, u.email].some((v) => has(v, s)))
    .sort((a, b) => (a.fullname || a.username).localeCompare(b.fullname || b.username));
  const groups = allGroups(state).filter((g) => has(g.id, s) || has(g.title, s));
  return { users, groups };
}

export const principalsRoutes: Route[] = [
  {
    method: 'GET',
    endpoint: '@principals',
    schema: principalsSchema,
    on: 'site',
    permission: 'Manage portal',
    handle: (state, req, services) => {
      const search = first(req.query, 'search');
      if (search === undefined) throw badRequest('Required "search" parameter is missing.');
      const { users, groups } = matchingPrincipals(state, services.auth.root, search);
      return json({
        groups: groups.map((g) => groupSummary(g, req.url.siteUrl)),
        users: users.map((u) => userSummary(state, u, req.url.siteUrl)),
      });
    },
  },
];

export const principalsFamily: FamilyManifest = { name: 'principals', routes: principalsRoutes };
