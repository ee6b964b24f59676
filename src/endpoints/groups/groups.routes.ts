// The @groups family. Reading needs an authenticated caller (seed, C8); creating, changing and
// deleting groups needs "Plone Site Setup: Users and Groups" (Manager, Site Administrator) —
// otherwise any member could make a group holding roles and join it.
import type { RoutePath } from '../../http/route-path.ts';
import { isAnonymous } from '../../auth/principal.ts';
import { grantHolders } from '../../catalog/catalog.ts';
import { dropLocalRolesOf, dropMemberships } from '../../auth/local-roles.ts';
import { AUTHENTICATED_GROUP } from '../../auth/membership.ts';
import { checkPrincipalChange } from '../../auth/grants.ts';
import { first, intParam } from '../../domain/query.ts';
import { json, noContent, type ApiRequest, type Route } from '../../http/types.ts';
import type { FamilyManifest } from '../../http/types.ts';
import { ApiError, badRequest, unauthorized } from '../../lib/errors.ts';
import type { SiteState } from '../../state/model.ts';
import { allGroups, groupSummary, groupUrl, serializeGroup } from './serialize.ts';
import { noBody } from '../users/policy.ts';
import { checkGroupProperties, checkNewGroup, newGroup, setMember, storedRoles } from './write.ts';
import { own } from '../../lib/records.ts';
import { createGroupSchema, deleteGroupSchema, readGroupsSchema, updateGroupSchema, type GroupChanges, type NewGroup } from './groups.schema.ts';

const MANAGE = 'Plone Site Setup: Users and Groups';
const DEFAULT_LIMIT = 25;


function list(state: SiteState, req: ApiRequest) {
  if (!req.query.pairs.length) return json(allGroups(state).map((g) => serializeGroup(g, req, false)));
  const query = first(req.query, 'query');
  if (query === undefined) throw badRequest('Query string supplied is not valid');
  const limit = intParam(req.query, 'limit', DEFAULT_LIMIT);
  const q = query.toLowerCase();
  const found = allGroups(state).filter((g) => g.id.toLowerCase().startsWith(q));
  return json(found.slice(0, Math.max(0, limit)).map((g) => groupSummary(g, req.url.siteUrl)));
}

const GROUP_ID = { groupid: { description: 'Id of the group.' } };
/** One group (its id in the URL). */
const ONE_GROUP: RoutePath = { forms: ['/{groupid}'], params: GROUP_ID };

export const groupsRoutes: Route[] = [
  {
    method: 'GET',
    endpoint: '@groups',
    on: 'site',
    path: { forms: ['', '/{groupid}'], params: GROUP_ID, refuse: () => noBody(404, 'NotFound') },
    schema: readGroupsSchema,
    permission: null,
    handle: (state, req) => {
      if (isAnonymous(req.principal)) throw unauthorized();
      const [id] = req.url.params;
      if (id === undefined) return list(state, req);
      const group = Object.hasOwn(state.groups, id) ? own(state.groups, id) : undefined;
      if (!group) throw noBody(404, 'NotFound');
      return json(serializeGroup(group, req));
    },
  },
  {
    method: 'POST',
    endpoint: '@groups',
    on: 'site',
    path: { forms: [''], params: {} },
    schema: createGroupSchema,
    permission: MANAGE,
    handle: (state, req, services) => {
      const root = services.auth.root;
      const data = req.body as NewGroup; // its types checked by the route's schema
      const id = checkNewGroup(state, root, data.groupname);
      checkGroupProperties(data);
      const roles = storedRoles(data.roles ?? []);
      checkPrincipalChange(state, req.principal, { kind: 'create-group' }, { roles });
      const groups = data.groups ?? [];
      const users = data.users ?? [];
      return {
        write: (draft) => {
          draft.groups[id] = newGroup(id, data, roles);
          for (const member of [...groups, ...users]) setMember(draft, root, id, member, true);
        },
        respond: (next: SiteState) =>
          json(serializeGroup(own(next.groups, id)!, { ...req, url: { ...req.url, requestUrl: req.url.requestPath } }), 201, {
            Location: groupUrl(req.url.siteUrl, id),
          }),
      };
    },
  },
  {
    method: 'PATCH',
    endpoint: '@groups',
    on: 'site',
    path: ONE_GROUP,
    schema: updateGroupSchema,
    permission: MANAGE,
    handle: (state, req, services) => {
      const [id] = req.url.params;
      if (!Object.hasOwn(state.groups, id)) throw badRequest('Trying to update a non-existing group.');
      const data = req.body as GroupChanges; // its types checked by the route's schema
      checkGroupProperties(data);
      const roles = data.roles ? storedRoles(data.roles) : undefined;
      // Members, nested groups and roles of a group that carries Manager (itself or through a
      // group enclosing it) are changed by Managers only.
      checkPrincipalChange(state, req.principal, { kind: 'change-group', group: id, verb: 'modify' }, { roles });
      const groups = data.groups ?? [];
      const users = data.users ?? {};
      const root = services.auth.root;
      return {
        write: (draft) => {
          const group = own(draft.groups, id)!;
          if (typeof data.title === 'string') group.title = data.title;
          if (typeof data.description === 'string') group.description = data.description;
          if (data.email) group.email = data.email;
          if (roles) group.roles = roles;
          for (const member of groups) setMember(draft, root, id, member, true);
          for (const [member, on] of Object.entries(users)) setMember(draft, root, id, member, on);
        },
        respond: () => noContent(),
      };
    },
  },
  {
    method: 'DELETE',
    endpoint: '@groups',
    on: 'site',
    path: ONE_GROUP,
    schema: deleteGroupSchema,
    permission: MANAGE,
    handle: (state, req) => {
      const [id] = req.url.params;
      if (!Object.hasOwn(state.groups, id) || id === AUTHENTICATED_GROUP) throw new ApiError(404, 'NotFound', 'Trying to delete a non-existing group.');
      checkPrincipalChange(state, req.principal, { kind: 'change-group', group: id, verb: 'delete' });
      return {
        write: (draft) => {
          delete draft.groups[id];
          dropMemberships(draft, id);
          dropLocalRolesOf(draft, grantHolders(state, id), id);
        },
        respond: () => noContent(),
      };
    },
  },
];

export const groupsFamily: FamilyManifest = { name: 'groups', routes: groupsRoutes };
